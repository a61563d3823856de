import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Phone from '@mui/icons-material/Phone';
import { LABELS, fmt, type ClientCase } from '@vialex/domain';

const L = LABELS.cliente;

/**
 * 'Llamar a mi asesor': the company's line (COMPANY_PHONE) as a tel: link, so the driver always
 * has a person to reach. `compact` (the status card on every tab, beside the news) is the icon
 * over 'Llamar'; its accessible name starts with that word and carries the number.
 */
export function CallAdvisorButton({
  contacto,
  compact = false,
}: {
  contacto: ClientCase['contacto'];
  compact?: boolean;
}) {
  const name = fmt(L.llamarAsesorNumero, { telefono: contacto.telefono });
  if (compact)
    return (
      <Button
        href={contacto.enlace}
        aria-label={name}
        data-testid="client-call"
        sx={{
          flexShrink: 0,
          flexDirection: 'column',
          gap: 0.25,
          minWidth: 64,
          minHeight: 48,
          px: 1,
          py: 0.5,
          fontSize: 12,
          lineHeight: 1.2,
        }}
      >
        <Phone />
        {L.llamar}
      </Button>
    );
  return (
    <Button
      href={contacto.enlace}
      variant="outlined"
      size="large"
      fullWidth
      startIcon={<Phone />}
      aria-label={name}
      data-testid="client-call-full"
      sx={{ minHeight: 56, borderRadius: 7, borderWidth: 2, '&:hover': { borderWidth: 2 }, textTransform: 'none' }}
    >
      <Box
        component="span"
        sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', lineHeight: 1.3 }}
      >
        <Box component="span" sx={{ fontWeight: 700, fontSize: 16 }}>
          {L.llamarAsesor}
        </Box>
        <Box component="span" sx={{ fontWeight: 500, fontSize: 14 }}>
          {contacto.telefono}
        </Box>
      </Box>
    </Button>
  );
}
