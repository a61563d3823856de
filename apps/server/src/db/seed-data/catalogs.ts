/** Reference data seeded on every new database (besides DIVIPOLA, read from divipola.csv). */

export const TIPOS_CASO = [
  'Choque simple',
  'Choque con lesionados',
  'Choque con muertos',
  'Atropello',
  'Volcamiento',
  'Choque contra objeto fijo',
  'Daños a bien ajeno',
];

export const AREAS = ['ADMINISTRACIÓN', 'CONTACT CENTER', 'INVESTIGACIÓN', 'JURÍDICA', 'JURÍDICA CAIT', 'PERITAJE', 'DIBUJO TÉCNICO'];

export const EMPRESAS: { empresa: string; nit: string }[] = [
  { empresa: 'SEGUROS DEL ESTADO S.A.', nit: '860009578' },
  { empresa: 'SEGUROS GENERALES SURAMERICANA S.A.', nit: '890903407' },
  { empresa: 'COMPAÑÍA DE SEGUROS BOLÍVAR S.A.', nit: '860002503' },
  { empresa: 'AXA COLPATRIA SEGUROS S.A.', nit: '860002184' },
  { empresa: 'LA PREVISORA S.A. COMPAÑÍA DE SEGUROS', nit: '860002400' },
  { empresa: 'COMPAÑÍA MUNDIAL DE SEGUROS S.A.', nit: '860037013' },
];

/** A starter list of makes and lines; the vehicles screen maintains them. */
export const MARCAS: Record<string, string[]> = {
  CHEVROLET: ['SPARK', 'AVEO', 'SAIL', 'ONIX', 'TRACKER', 'CAPTIVA', 'NHR', 'NPR'],
  RENAULT: ['LOGAN', 'SANDERO', 'STEPWAY', 'DUSTER', 'KWID', 'OROCH'],
  MAZDA: ['2', '3', 'CX-30', 'CX-5', 'BT-50'],
  TOYOTA: ['COROLLA', 'YARIS', 'HILUX', 'FORTUNER', 'PRADO'],
  KIA: ['PICANTO', 'RIO', 'SPORTAGE', 'SOLUTO'],
  HYUNDAI: ['ATOS', 'I10', 'ACCENT', 'TUCSON', 'H-1'],
  NISSAN: ['MARCH', 'VERSA', 'SENTRA', 'FRONTIER', 'KICKS'],
  VOLKSWAGEN: ['GOL', 'VOYAGE', 'JETTA', 'T-CROSS', 'AMAROK'],
  SUZUKI: ['SWIFT', 'VITARA', 'JIMNY'],
  FORD: ['FIESTA', 'ESCAPE', 'RANGER', 'EXPLORER'],
  FOTON: ['AUMARK', 'BJ1039'],
  HINO: ['DUTRO', 'SERIE 500'],
  INTERNATIONAL: ['4300', 'PROSTAR'],
  YAMAHA: ['NMAX', 'FZ 2.0', 'XTZ 125', 'CRYPTON'],
  HONDA: ['CB 190R', 'XR 150L', 'CIVIC', 'CR-V'],
  BAJAJ: ['PULSAR NS 200', 'BOXER CT 100', 'DISCOVER 125'],
  AKT: ['NKD 125', 'CR4 125'],
};
