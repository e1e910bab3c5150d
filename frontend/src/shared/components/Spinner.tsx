import Box from '@mui/material/Box';

/**
 * A busy indicator drawn with CSS (its keyframes live in the theme's baseline styles), so pages
 * that only need a spinner do not load MUI's progress components.
 */
export function Spinner({ size = 40, label }: { size?: number; label?: string }) {
  return (
    <Box
      role={label ? 'progressbar' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: '50%',
        border: `${Math.max(2, Math.round(size / 12))}px solid`,
        borderColor: 'currentColor',
        borderRightColor: 'transparent',
        animation: 'app-spin 0.75s linear infinite',
        '@media (prefers-reduced-motion: reduce)': { animationDuration: '2s' },
      }}
    />
  );
}
