import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ImportResult, LISTING_RULES, type ListingEndOption } from '@namebourse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { sellerListingKeys } from '../api/get-listings.ts';
import { importLines } from '../api/import-lines.ts';
import { lineChunks, mergeChunkResult, previewLines, refuseChunk } from '../lib/create-lines.ts';
import { CreateEndOption } from './create-end-option.tsx';
import { ImportReport } from './import-report.tsx';

type Phase =
  | { step: 'edit' }
  | { step: 'running'; done: number; total: number }
  | { step: 'report'; report: ImportResult; refusedText: string };

/** How many problem lines the preview lists before 'and n more'. */
const PREVIEW_PROBLEMS = 20;

/**
 * Batch listing: `domain price` per line (≤ 500), a live count and a client-side check of each line; sent 100 lines
 * per request with a progress bar, then one merged report.
 */
export function CreateBatchPanel() {
  const { t } = useTranslation('listings');
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [endOption, setEndOption] = useState<ListingEndOption>('3m');
  const [phase, setPhase] = useState<Phase>({ step: 'edit' });
  const [submitted, setSubmitted] = useState(false);
  const progressId = useId();
  const hintId = useId();
  const locale = useLocale();
  const { count, tooMany, problems } = useMemo(() => previewLines(text, locale), [text, locale]);

  const run = async () => {
    setSubmitted(true);
    if (count === 0 || tooMany) return;
    const chunks = lineChunks(text);
    let report: ImportResult = { accepted: [], refused: [] };
    let done = 0;
    setPhase({ step: 'running', done, total: count });
    for (const chunk of chunks) {
      try {
        const result = await importLines({ lines: chunk.map((line) => line.text).join('\n'), endOption });
        report = mergeChunkResult(report, chunk, result);
      } catch (error) {
        report = refuseChunk(
          report,
          chunk,
          isApiError(error) ? error.code : 'Request.Failed',
          isApiError(error) && error.message ? error.message : t('report.requestFailed'),
        );
      }
      done += chunk.length;
      setPhase({ step: 'running', done, total: count });
    }
    // The refused lines as typed, to correct and send again.
    const byRow = new Map(chunks.flat().map((line) => [line.row, line.text]));
    const refusedText = report.refused
      .map((item) => byRow.get(item.row))
      .filter((line): line is string => Boolean(line))
      .join('\n');
    setPhase({ step: 'report', report, refusedText });
    void queryClient.invalidateQueries({ queryKey: sellerListingKeys.all });
  };

  if (phase.step === 'running') {
    return (
      <Box sx={{ py: 2 }} data-testid="batch-progress">
        <Typography sx={{ typography: 'textMd', mb: 1.5 }} id={progressId}>
          {t('batch.progress', { done: phase.done, count: phase.total })}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={Math.round((phase.done / Math.max(phase.total, 1)) * 100)}
          aria-labelledby={progressId}
        />
      </Box>
    );
  }

  if (phase.step === 'report') {
    return (
      <Box>
        <ImportReport report={phase.report} />
        <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
          {phase.refusedText ? (
            <Button
              variant="contained"
              onClick={() => {
                setText(phase.refusedText);
                setSubmitted(false);
                setPhase({ step: 'edit' });
              }}
            >
              {t('batch.fixRefused')}
            </Button>
          ) : null}
          <Button
            variant={phase.refusedText ? 'outlined' : 'contained'}
            onClick={() => {
              setText('');
              setSubmitted(false);
              setPhase({ step: 'edit' });
            }}
          >
            {t('batch.again')}
          </Button>
          <Button variant="outlined" component={RouterLink} to="/console/seller">
            {t('create.success.all')}
          </Button>
        </Box>
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="create-batch">
      <Typography color="text.secondary" sx={{ typography: 'textMd', lineHeight: 1.7 }} id={hintId}>
        {t('batch.hint', { max: LISTING_RULES.maxLines })}
      </Typography>
      <TextField
        label={t('batch.lines')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        multiline
        minRows={8}
        maxRows={20}
        placeholder={'example.com 1200\nbrand.io 350.50'}
        error={(submitted && count === 0) || tooMany}
        helperText={
          tooMany
            ? t('batch.tooMany', { max: LISTING_RULES.maxLines })
            : submitted && count === 0
              ? t('batch.empty')
              : t('batch.count', { count, max: LISTING_RULES.maxLines })
        }
        slotProps={{
          htmlInput: { spellCheck: false, autoCapitalize: 'none', 'aria-describedby': hintId },
          formHelperText: { 'aria-live': 'polite' } as object,
        }}
        sx={{ '& textarea': { fontFamily: 'monospace' } }}
      />
      {count > 0 ? (
        <Box data-testid="batch-preview">
          {problems.length === 0 ? (
            <Alert severity="success">{t('batch.previewOk', { count })}</Alert>
          ) : (
            <Alert severity="warning">
              {t('batch.previewProblems', { count: problems.length })}
              <List dense disablePadding aria-label={t('batch.problemList')}>
                {problems.slice(0, PREVIEW_PROBLEMS).map((line) => (
                  <ListItem key={line.row} disableGutters disablePadding>
                    <ListItemText
                      primary={t('batch.problemLine', {
                        row: line.row,
                        text: line.text,
                        problem: line.message,
                      })}
                    />
                  </ListItem>
                ))}
              </List>
              {problems.length > PREVIEW_PROBLEMS
                ? t('batch.moreProblems', { count: problems.length - PREVIEW_PROBLEMS })
                : null}
            </Alert>
          )}
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <CreateEndOption value={endOption} onChange={setEndOption} />
        <Button variant="contained" onClick={() => void run()} disabled={tooMany}>
          {t('batch.submit', { count })}
        </Button>
      </Box>
    </Box>
  );
}
