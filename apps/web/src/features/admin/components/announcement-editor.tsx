import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  type AdminAnnouncement,
  ANNOUNCEMENT_LIMITS,
  type AnnouncementInput,
  type AnnouncementInputParsed,
  AnnouncementInputSchema,
  slugFromTitle,
} from '@namebourse/contract';
import { useMemo, useState } from 'react';
import { type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { MarkdownView } from '../../../components/markdown-view.tsx';
import { isApiError, isHandledByPipeline } from '../../../lib/api-client.ts';
import { applyServerFieldErrors, contractErrorMap, fieldText } from '../../../lib/form-errors.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useSaveAnnouncement } from '../api/announcement-save.ts';

export type AnnouncementLanguage = 'zh' | 'en';
const LANGUAGES: readonly AnnouncementLanguage[] = ['zh', 'en'];
const FIELDS = ['slug', 'titleZh', 'titleEn', 'summaryZh', 'summaryEn', 'bodyZh', 'bodyEn'] as const;
type Field = (typeof FIELDS)[number];

const fieldsOf = (lng: AnnouncementLanguage) =>
  lng === 'zh' ? (['titleZh', 'summaryZh', 'bodyZh'] as const) : (['titleEn', 'summaryEn', 'bodyEn'] as const);

function valuesOf(announcement: AdminAnnouncement | undefined): AnnouncementInput {
  return {
    slug: announcement?.slug ?? '',
    titleZh: announcement?.titleZh ?? '',
    titleEn: announcement?.titleEn ?? '',
    summaryZh: announcement?.summaryZh ?? '',
    summaryEn: announcement?.summaryEn ?? '',
    bodyZh: announcement?.bodyZh ?? '',
    bodyEn: announcement?.bodyEn ?? '',
  };
}

/** The tab to show after a failed save: the current one when it has an error, else the first that has one. */
export function languageWithError(
  errors: FieldErrors<AnnouncementInput>,
  current: AnnouncementLanguage,
): AnnouncementLanguage | null {
  const hasError = (lng: AnnouncementLanguage) => fieldsOf(lng).some((field) => errors[field]);
  if (hasError(current)) return current;
  return LANGUAGES.find(hasError) ?? null;
}

/** The Markdown preview of one language: its title, summary and body as the help centre shows them. */
function Preview({ title, summary, body }: { title: string; summary: string; body: string }) {
  const { t } = useTranslation('admin-announcements');
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('editor.preview')}
      data-testid="announcement-preview"
      sx={{ p: { xs: 2, md: 3 }, borderRadius: 2, minHeight: 240, overflow: 'auto', maxHeight: { md: 720 } }}
    >
      <Typography variant="h5" component="p" sx={{ fontWeight: 700, mb: 1 }}>
        {title || t('editor.untitled')}
      </Typography>
      {summary ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {summary}
        </Typography>
      ) : null}
      {body.trim() ? (
        <MarkdownView>{body}</MarkdownView>
      ) : (
        <Typography color="text.secondary">{t('editor.previewEmpty')}</Typography>
      )}
    </Paper>
  );
}

/**
 * Writes or edits an announcement: both languages in tabs (title, summary, Markdown body), the slug (made from the
 * English title when left empty), and a live Markdown preview beside the text on wide screens, or behind an
 * Edit / Preview toggle on phones. Saving keeps the status (a new one is a draft).
 */
export function AnnouncementEditor({
  announcement,
  onSaved,
  onCancel,
}: {
  announcement?: AdminAnnouncement;
  onSaved: (saved: AdminAnnouncement) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin-announcements');
  const locale = useLocale();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [lng, setLng] = useState<AnnouncementLanguage>(locale === 'zh-CN' ? 'zh' : 'en');
  const [view, setView] = useState<'edit' | 'preview'>('edit');
  const save = useSaveAnnouncement();
  const resolver = useMemo(() => zodResolver(AnnouncementInputSchema, { error: contractErrorMap(locale) }), [locale]);
  const form = useForm<AnnouncementInput, unknown, AnnouncementInputParsed>({
    resolver,
    defaultValues: valuesOf(announcement),
    mode: 'onTouched',
  });
  const values = useWatch({ control: form.control });
  const errors = form.formState.errors;
  const message = (field: Field) => fieldText(errors[field]?.message, locale);
  const [title, summary, body] = fieldsOf(lng);

  const submit = form.handleSubmit(
    async (input) => {
      try {
        onSaved(await save.mutateAsync({ id: announcement?.id, body: input }));
      } catch (error) {
        const { first } = applyServerFieldErrors(error, FIELDS, form.setError);
        if (isSlugTaken(error)) {
          form.setError('slug', { message: (error as Error).message });
          form.setFocus('slug');
        } else if (first) {
          const tab = languageWithError(form.formState.errors, lng);
          if (tab) setLng(tab);
          form.setFocus(first);
        }
      }
    },
    (invalid) => {
      const tab = languageWithError(invalid, lng);
      if (tab) setLng(tab);
      setView('edit');
    },
  );

  const generated = slugFromTitle(values.titleEn ?? '');
  const editor = (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <FormTextField
        key={title}
        control={form.control}
        name={title}
        label={t(`editor.title.${lng}`)}
        required
        fullWidth
        errorText={message(title)}
        slotProps={{ htmlInput: { maxLength: ANNOUNCEMENT_LIMITS.titleMax } }}
      />
      <FormTextField
        key={summary}
        control={form.control}
        name={summary}
        label={t(`editor.summary.${lng}`)}
        fullWidth
        multiline
        minRows={2}
        errorText={message(summary)}
        helperText={t('editor.summaryHint')}
        counter={{ count: (values[summary] ?? '').length, max: ANNOUNCEMENT_LIMITS.summaryMax }}
        slotProps={{ htmlInput: { maxLength: ANNOUNCEMENT_LIMITS.summaryMax } }}
      />
      <FormTextField
        key={body}
        control={form.control}
        name={body}
        label={t(`editor.body.${lng}`)}
        required
        fullWidth
        multiline
        minRows={wide ? 16 : 10}
        errorText={message(body)}
        helperText={t('editor.bodyHint')}
        counter={{ count: (values[body] ?? '').length, max: ANNOUNCEMENT_LIMITS.bodyMax }}
        slotProps={{
          htmlInput: {
            maxLength: ANNOUNCEMENT_LIMITS.bodyMax,
            spellCheck: true,
            style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
          },
        }}
      />
    </Box>
  );
  const preview = <Preview title={values[title] ?? ''} summary={values[summary] ?? ''} body={values[body] ?? ''} />;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={announcement ? t('editor.editTitle') : t('editor.newTitle')}
      data-testid="announcement-editor"
      sx={{ display: 'grid', gap: 2.5 }}
    >
      <FormTextField
        control={form.control}
        name="slug"
        label={t('editor.slug')}
        fullWidth
        errorText={message('slug')}
        helperText={announcement ? t('editor.slugHintEdit') : t('editor.slugHint', { slug: generated })}
        normalize={(value) => value.toLowerCase()}
        slotProps={{ htmlInput: { maxLength: ANNOUNCEMENT_LIMITS.slugMax, spellCheck: false, autoComplete: 'off' } }}
      />
      <Box
        sx={{
          display: 'flex',
          alignItems: { xs: 'stretch', sm: 'center' },
          justifyContent: 'space-between',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 1,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Tabs
          value={lng}
          onChange={(_, value: AnnouncementLanguage) => setLng(value)}
          aria-label={t('editor.languages')}
        >
          {LANGUAGES.map((code) => {
            const hasError = fieldsOf(code).some((field) => errors[field]);
            return (
              <Tab
                key={code}
                value={code}
                id={`announcement-tab-${code}`}
                aria-controls="announcement-tabpanel"
                label={
                  hasError ? t('editor.tabWithError', { language: t(`editor.tab.${code}`) }) : t(`editor.tab.${code}`)
                }
                sx={hasError ? { color: 'error.main' } : undefined}
              />
            );
          })}
        </Tabs>
        {wide ? null : (
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={view}
            onChange={(_, value: 'edit' | 'preview' | null) => {
              if (value) setView(value);
            }}
            aria-label={t('editor.view')}
            sx={{ mb: 1 }}
          >
            <ToggleButton value="edit">{t('editor.write')}</ToggleButton>
            <ToggleButton value="preview">{t('editor.preview')}</ToggleButton>
          </ToggleButtonGroup>
        )}
      </Box>
      <Box
        id="announcement-tabpanel"
        role="tabpanel"
        aria-labelledby={`announcement-tab-${lng}`}
        sx={{
          display: 'grid',
          gap: 2.5,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        {wide || view === 'edit' ? editor : null}
        {wide || view === 'preview' ? preview : null}
      </Box>
      {save.error && !isHandledByPipeline(save.error) && !isSlugTaken(save.error) ? (
        <ErrorView error={save.error} />
      ) : null}
      {announcement?.status === 'published' ? <Alert severity="info">{t('editor.liveNote')}</Alert> : null}
      <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button onClick={onCancel} disabled={save.isPending}>
          {t('editor.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={save.isPending}>
          {announcement ? t('editor.save') : t('editor.create')}
        </Button>
      </Box>
    </Box>
  );
}

/** Another announcement uses the slug: shown under the slug field. */
function isSlugTaken(error: unknown): boolean {
  return isApiError(error) && error.code === 'Announcement.SlugTaken';
}
