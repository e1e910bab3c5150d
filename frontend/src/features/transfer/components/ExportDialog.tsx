import DataObject from '../../../shared/icons/DataObject';
import Description from '../../../shared/icons/Description';
import TableChart from '../../../shared/icons/TableChart';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import {
  libraryCsv,
  libraryFile,
  libraryJson,
  markdownFiles,
  readLibrary,
  type LibraryFile,
} from '@promptlib/proto';
import { BusyButton } from '../../../shared/components/BusyButton';
import { useGetPromptCountsQuery } from '../../library/library.api';
import { getJson } from '../transfer.api';
import { download, exportName } from '../download';
import { zipMarkdown } from '../markdown-zip';

type Format = 'json' | 'csv' | 'markdown';

/**
 * The whole library as a file, in three open formats, for every plan. The library and every
 * prompt's history are read afresh from the server, a page at a time with the progress shown, so
 * the file holds what is stored, not what this tab last saw.
 */
export function ExportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { data: counts } = useGetPromptCountsQuery();
  const [busy, setBusy] = useState<Format | null>(null);
  const [read, setRead] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);

  const save = async (format: Format) => {
    setBusy(format);
    setFailed(false);
    setRead(0);
    try {
      const library = await readLibrary(getJson, setRead);
      await write(format, libraryFile(library, new Date()));
      onClose();
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
      setRead(null);
    }
  };

  const formats: { format: Format; icon: ReactElement }[] = [
    { format: 'json', icon: <DataObject /> },
    { format: 'csv', icon: <TableChart /> },
    { format: 'markdown', icon: <Description /> },
  ];

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('transfer.export.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('transfer.export.intro')}
        </Typography>
        {failed ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {t('transfer.export.failed')}
          </Alert>
        ) : null}
        {busy !== null && read !== null && counts ? (
          <Stack spacing={0.5} sx={{ mb: 2 }}>
            <Typography variant="body2" role="status">
              {t('transfer.export.progress', { done: read, total: Math.max(read, counts.all) })}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={counts.all === 0 ? 100 : Math.min(100, (read / counts.all) * 100)}
              aria-label={t('transfer.export.progress', { done: read, total: Math.max(read, counts.all) })}
            />
          </Stack>
        ) : null}
        <Stack spacing={1.5}>
          {formats.map(({ format, icon }) => (
            <BusyButton
              key={format}
              variant="outlined"
              startIcon={icon}
              busy={busy === format}
              busyLabel={t('transfer.export.preparing')}
              disabled={busy !== null}
              onClick={() => void save(format)}
              sx={{ justifyContent: 'flex-start', textAlign: 'left' }}
            >
              {t(`transfer.export.${format}`)}
            </BusyButton>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy !== null}>
          {t('common.cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

async function write(format: Format, file: LibraryFile): Promise<void> {
  if (format === 'json') {
    download(exportName('json'), libraryJson(file), 'application/json');
  } else if (format === 'csv') {
    download(exportName('csv'), libraryCsv(file), 'text/csv;charset=utf-8');
  } else {
    download(exportName('zip'), await zipMarkdown(markdownFiles(file)), 'application/zip');
  }
}
