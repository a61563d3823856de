import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DONUT_PALETTE, MSG, type DonutSlice } from '@vialex/domain';

/** The donut of cases per investigator (spec 3 §2, §9: a palette of 5 colours). */
export function DonutChart({
  title,
  slices,
  onSelect,
}: {
  title: string;
  slices: DonutSlice[];
  onSelect?: (slice: DonutSlice) => void;
}) {
  return (
    <Box data-testid="report-donut">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {slices.length === 0 ? (
        <Typography color="text.secondary">{MSG.noHayDatos}</Typography>
      ) : (
        <Box sx={{ width: '100%', height: 280 }}>
          <ResponsiveContainer>
            <PieChart>
              <Pie
                data={slices}
                dataKey="total"
                nameKey="nombre"
                innerRadius="55%"
                outerRadius="85%"
                paddingAngle={1}
                isAnimationActive={false}
                onClick={(_, index) => onSelect?.(slices[index])}
              >
                {slices.map((s, i) => (
                  <Cell
                    key={`${s.id ?? s.nombre}`}
                    fill={DONUT_PALETTE[i % DONUT_PALETTE.length]}
                    style={{ cursor: s.id && onSelect ? 'pointer' : 'default' }}
                  />
                ))}
              </Pie>
              <Tooltip />
              <Legend />
            </PieChart>
          </ResponsiveContainer>
        </Box>
      )}
    </Box>
  );
}
