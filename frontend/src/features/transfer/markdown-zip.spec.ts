import { ImportFileError, markdownFiles } from '@promptlib/proto';
import { sampleLibrary } from './sample-library';
import { unzipMarkdown, zipMarkdown } from './markdown-zip';

const library = sampleLibrary;

describe('the Markdown zip', () => {
  it('holds the export’s files, names in any script, and gives them back in their order', async () => {
    const files = markdownFiles(library);
    expect(await unzipMarkdown(await zipMarkdown(files))).toEqual(files);
  });

  it('refuses what is not a zip', async () => {
    await expect(unzipMarkdown(new TextEncoder().encode('not a zip'))).rejects.toThrow(
      new ImportFileError('brokenZip'),
    );
  });
});
