import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BRAND } from '@vialex/domain';

/**
 * The VIALEX mark: the same V and road stripe as the app icons (scripts/make-icons.mjs).
 * `light` inverts it (white tile, blue V) so it stands out on the blue top bar.
 */
export function BrandMark({ size = 40, light = false }: { size?: number; light?: boolean }) {
  const gradient = light ? undefined : 'url(#vialex-mark)';
  return (
    <svg width={size} height={size} viewBox="0 0 100 100" aria-hidden="true" focusable="false">
      {!light && (
        <defs>
          <linearGradient id="vialex-mark" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#0d3b7c" />
            <stop offset="1" stopColor="#082554" />
          </linearGradient>
        </defs>
      )}
      <rect width="100" height="100" rx="20" fill={gradient ?? '#fff'} />
      <path
        d="M27 19 L50 70 L73 19"
        fill="none"
        stroke={light ? '#0d3b7c' : '#fff'}
        strokeWidth="17"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M30 85h8M46 85h8M62 85h8" stroke="#ffb300" strokeWidth="5" />
    </svg>
  );
}

/** Mark plus the brand name, for the login card and the top bar. */
export function BrandLogo({ size = 40, color = 'primary.dark' }: { size?: number; color?: string }) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25 }}>
      <BrandMark size={size} />
      <Typography
        component="span"
        sx={{ fontWeight: 800, letterSpacing: '0.12em', fontSize: size * 0.55, color, lineHeight: 1 }}
      >
        {BRAND}
      </Typography>
    </Box>
  );
}
