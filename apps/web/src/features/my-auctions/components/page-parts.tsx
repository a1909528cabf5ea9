import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { type ListQueryState, PagedList } from '../../../components/paged-list.tsx';
import { MY_AUCTIONS_PAGE_SIZE } from '../lib/tabs.ts';

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
        '& .MuiTab-root': { minHeight: 44, px: { xs: 1.5, md: 2 }, typography: 'textMd' },
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

/**
 * A console page of lots by status (my bidding, domains I obtained): the title, the status tabs, then the
 * list of the tab (placeholders, error, 'nothing here' with a way to /sale, the faded list, page links).
 * Texts: myAuctions `<section>.title`, `.subtitle`, `.tabsLabel`, `.tabs.<tab>`, `.empty.<tab>.title|body`.
 */
export function TabbedList<T extends string>({
  section,
  tabs,
  params,
  query,
  total,
  isEmpty,
  icon,
  intro,
  children,
}: {
  section: 'bidding' | 'won';
  tabs: readonly T[];
  params: { tab: T; page: number; setTab: (tab: T) => void; setPage: (page: number) => void };
  query: ListQueryState;
  /** The number of lots in the tab (undefined while loading). */
  total: number | undefined;
  isEmpty: boolean;
  icon: ReactElement;
  /** A line between the tabs and the list. */
  intro?: ReactNode;
  children: (wide: boolean) => ReactNode;
}) {
  const { t } = useTranslation('myAuctions');
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const { tab, page, setTab, setPage } = params;
  const testId = section === 'won' ? 'won' : 'my-auctions';
  return (
    <>
      <PageHeader title={t(`${section}.title`)} subtitle={t(`${section}.subtitle`)} />
      <StatusTabs
        tabs={tabs}
        value={tab}
        onChange={setTab}
        label={t(`${section}.tabsLabel`)}
        labelOf={(value) => t(`${section}.tabs.${value}`)}
        testIdPrefix={`${testId}-tab`}
      />
      {intro}
      <PagedList
        query={query}
        loading={{ label: t('loading'), height: 88 }}
        isEmpty={isEmpty}
        empty={{
          icon,
          title: t(`${section}.empty.${tab}.title`),
          body: t(`${section}.empty.${tab}.body`),
          action: { label: t('browse'), to: '/sale' },
          testId: `${testId}-empty`,
        }}
        pages={
          total === undefined
            ? null
            : {
                total,
                pageSize: MY_AUCTIONS_PAGE_SIZE,
                page,
                onChange: setPage,
                compact: !wide,
                label: t('pagination'),
              }
        }
      >
        {() => children(wide)}
      </PagedList>
    </>
  );
}
