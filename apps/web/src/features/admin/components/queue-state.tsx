import AccessTimeRounded from '@mui/icons-material/AccessTimeRounded';
import PersonOutlineRounded from '@mui/icons-material/PersonOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { QUEUE_SLA, type QueueState, type ReviewQueue } from '@namebourse/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { StatusChip } from '../../../components/status-chip.tsx';
import { showToast } from '../../../lib/feedback-store.ts';
import { useQueueAssignment } from '../api/queue-assign.ts';
import type { AdminContext } from './admin-context.ts';

/** Whether the signed-in operator is an admin (who may give back anyone's item); false outside the console. */
export function useIsAdminOperator(): boolean {
  return useOutletContext<AdminContext | null>()?.operator.role === 'admin';
}

/** Minutes waited as words: '2 d 3 h', '5 h 10 min', '12 min'. */
export function formatQueueAge(minutes: number, t: TFunction<'admin-queues'>): string {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return t('age.days', { days, hours });
  if (hours > 0) return t('age.hours', { hours, minutes: mins });
  return t('age.minutes', { minutes: mins });
}

/** The target of a queue in words ('24 h', '5 working days'). */
export function queueTarget(queue: ReviewQueue, t: TFunction<'admin-queues'>): string {
  const sla = QUEUE_SLA[queue];
  return sla.clock === 'workingHours'
    ? t('target.workingDays', { count: sla.targetHours / 24 })
    : t('target.hours', { count: sla.targetHours });
}

/**
 * An item's queue state in its summary line (no controls: the summary is itself a button): how long it has
 * waited, highlighted once past the queue's target, and who has taken it.
 */
export function QueueStateChips({ queue, state }: { queue: ReviewQueue; state: QueueState }) {
  const { t } = useTranslation('admin-queues');
  const age = formatQueueAge(state.ageMinutes, t);
  const assignment = state.assignment;
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.75, flexWrap: 'wrap', alignItems: 'center' }}>
      <span title={t('age.title', { target: queueTarget(queue, t) })}>
        <StatusChip
          label={state.overdue ? t('age.overdue', { age }) : t('age.waiting', { age })}
          tone={state.overdue ? 'error' : 'default'}
          status={state.overdue ? 'overdue' : 'on_time'}
          icon={<AccessTimeRounded />}
          testId="queue-age"
        />
      </span>
      <StatusChip
        label={
          assignment
            ? assignment.isMine
              ? t('assignee.mine')
              : t('assignee.other', { name: assignment.operatorName || assignment.operatorAccountNo })
            : t('assignee.none')
        }
        tone={assignment?.isMine ? 'primary' : 'default'}
        variant={assignment ? 'filled' : 'outlined'}
        status={assignment ? (assignment.isMine ? 'mine' : 'taken') : 'free'}
        icon={<PersonOutlineRounded />}
        testId="queue-assignee"
      />
    </Box>
  );
}

/** Take an untaken item, or give back one's own (an admin may give back anyone's). */
export function QueueClaimButton({
  queue,
  entityId,
  state,
  isAdmin = false,
}: {
  queue: ReviewQueue;
  entityId: string;
  state: QueueState;
  isAdmin?: boolean;
}) {
  const { t } = useTranslation('admin-queues');
  const { assign, release } = useQueueAssignment();
  const busy = assign.isPending || release.isPending;
  const assignment = state.assignment;
  if (!assignment) {
    return (
      <Button
        variant="outlined"
        disabled={busy}
        onClick={() => assign.mutate({ queue, entityId }, { onSuccess: () => showToast(t('claim.done'), 'success') })}
        data-testid="queue-claim"
      >
        {t('claim.take')}
      </Button>
    );
  }
  if (!assignment.isMine && !isAdmin) return null;
  return (
    <Button
      variant="text"
      disabled={busy}
      onClick={() =>
        release.mutate({ queue, entityId }, { onSuccess: () => showToast(t('claim.released'), 'success') })
      }
      data-testid="queue-release"
    >
      {assignment.isMine ? t('claim.release') : t('claim.releaseOther', { name: assignment.operatorAccountNo })}
    </Button>
  );
}
