import Box from '@mui/material/Box';

export function CountBadge({ count }: { count: number }) {
  return (
    <Box
      component="span"
      sx={{
        ml: 1,
        minWidth: 28,
        px: 1,
        py: 0.25,
        borderRadius: 10,
        bgcolor: 'action.selected',
        color: 'text.primary',
        fontSize: 12,
        fontWeight: 700,
        textAlign: 'center',
      }}
    >
      {count}
    </Box>
  );
}
