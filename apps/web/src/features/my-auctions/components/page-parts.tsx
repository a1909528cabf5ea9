import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** Status tabs (scrollable on phones), each with `data-testid="<prefix>-<tab>"`. */
export function StatusTabs<T extends string>({
  tabs,
  value,
  onChange,
  label,
  labelOf,
  testIdPrefix,
}: {
  tabs: readonly T[];
  value: T;
  onChange: (tab: T) => void;
  label: string;
  labelOf: (tab: T) => string;
  testIdPrefix: string;
}) {
  return (
    <Tabs
      value={value}
      onChange={(_event, next: T) => onChange(next)}
      variant="scrollable"
      scrollButtons={false}
      aria-label={label}
      sx={{
        mb: 2,
        minHeight: 44,
        borderBottom: 1,
        borderColor: 'divider',
        '& .MuiTab-root': { minHeight: 44, px: { xs: 1.5, md: 2 }, fontSize: 14 },
      }}
    >
      {tabs.map((tab) => (
        <Tab key={tab} value={tab} label={labelOf(tab)} data-testid={`${testIdPrefix}-${tab}`} />
      ))}
    </Tabs>
  );
}

/** A small caption above a value (cards and table cells). */
export function Caption({ children }: { children: ReactNode }) {
  return (
    <Typography variant="caption" color="text.secondary" component="div" sx={{ lineHeight: 1.4 }}>
      {children}
    </Typography>
  );
}
