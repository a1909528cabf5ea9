import BookmarkAddOutlined from '@mui/icons-material/BookmarkAddOutlined';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AUCTION_RULES, type AuctionFilter, type SavedFilter } from '@namebourse/contract';
import { type MouseEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { fieldErrorsOf, isApiError } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/feedback-store.ts';
import {
  useCreateSavedFilter,
  useDeleteSavedFilter,
  useRenameSavedFilter,
  useSavedFilters,
} from '../api/saved-filters.ts';
import { useSignIn } from './use-sign-in.ts';

const MAX = AUCTION_RULES.savedFilterNameMax;

function errorText(error: unknown, fallback: string): string {
  const fields = fieldErrorsOf(error);
  return fields.name ?? Object.values(fields)[0] ?? (isApiError(error) && error.message ? error.message : fallback);
}

/** The name dialog for saving or renaming (≤ 20 characters, with a counter). */
function NameDialog({
  open,
  title,
  initial,
  pending,
  serverError,
  onClose,
  onSubmit,
}: {
  open: boolean;
  title: string;
  initial: string;
  pending: boolean;
  serverError: string | null;
  onClose: () => void;
  onSubmit: (name: string) => void;
}) {
  const { t } = useTranslation('auctions');
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (!open) return;
    setName(initial);
    setTouched(false);
  }, [open, initial]);
  const trimmed = name.trim();
  const tooLong = [...trimmed].length > MAX;
  const empty = trimmed === '';
  const localError =
    touched && empty ? t('savedFilters.nameRequired') : tooLong ? t('savedFilters.nameTooLong', { max: MAX }) : null;
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} fullWidth maxWidth="xs">
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!empty && !tooLong) onSubmit(trimmed);
        }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('savedFilters.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(localError ?? serverError)}
            helperText={
              <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <span>{localError ?? serverError ?? ''}</span>
                <span data-testid="saved-filter-name-counter">{`${[...trimmed].length}/${MAX}`}</span>
              </Box>
            }
            slotProps={{ htmlInput: { 'data-testid': 'saved-filter-name' } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={onClose} disabled={pending}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={pending} data-testid="saved-filter-name-submit">
            {t('actions.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Saved filters: chips that apply a filter, a menu to rename or delete, and "Save filter" (visitors sign in first). */
export function SavedFiltersBar({
  current,
  canSave,
  onApply,
}: {
  current: AuctionFilter;
  canSave: boolean;
  onApply: (filter: AuctionFilter) => void;
}) {
  const { t } = useTranslation('auctions');
  const { isLogin, signIn } = useSignIn();
  const list = useSavedFilters(isLogin);
  const create = useCreateSavedFilter();
  const rename = useRenameSavedFilter();
  const remove = useDeleteSavedFilter();
  const [saving, setSaving] = useState(false);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; item: SavedFilter } | null>(null);
  const [renaming, setRenaming] = useState<SavedFilter | null>(null);
  const [deleting, setDeleting] = useState<SavedFilter | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const items = list.data ?? [];

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }} data-testid="saved-filters">
      <Button
        size="small"
        variant="outlined"
        startIcon={<BookmarkAddOutlined />}
        disabled={isLogin && !canSave}
        onClick={() => {
          if (!isLogin) return signIn();
          setServerError(null);
          setSaving(true);
        }}
        data-testid="saved-filter-save"
      >
        {t('savedFilters.save')}
      </Button>
      {items.length > 0 ? (
        <Typography sx={{ typography: 'textSm', color: 'text.secondary', ml: 0.5 }}>
          {t('savedFilters.mine')}
        </Typography>
      ) : null}
      {items.map((item) => (
        <Chip
          key={item.id}
          size="small"
          label={item.name}
          onClick={() => onApply(item.filter)}
          onDelete={(event: MouseEvent<HTMLElement>) => setMenu({ anchor: event.currentTarget as HTMLElement, item })}
          deleteIcon={<MoreVertRounded aria-label={t('savedFilters.manage')} data-testid="saved-filter-menu" />}
          data-testid="saved-filter"
          data-id={item.id}
        />
      ))}
      <Menu anchorEl={menu?.anchor ?? null} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem
          onClick={() => {
            setServerError(null);
            setRenaming(menu?.item ?? null);
            setMenu(null);
          }}
          data-testid="saved-filter-rename"
        >
          {t('savedFilters.rename')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setDeleting(menu?.item ?? null);
            setMenu(null);
          }}
          sx={{ color: 'error.main' }}
          data-testid="saved-filter-delete"
        >
          {t('savedFilters.delete')}
        </MenuItem>
      </Menu>
      <NameDialog
        open={saving}
        title={t('savedFilters.saveTitle')}
        initial=""
        pending={create.isPending}
        serverError={serverError}
        onClose={() => setSaving(false)}
        onSubmit={(name) =>
          create.mutate(
            { name, filter: current },
            {
              onSuccess: () => {
                setSaving(false);
                showToast(t('savedFilters.saved'), 'success');
              },
              onError: (error) => setServerError(errorText(error, t('savedFilters.failed'))),
            },
          )
        }
      />
      <NameDialog
        open={renaming !== null}
        title={t('savedFilters.renameTitle')}
        initial={renaming?.name ?? ''}
        pending={rename.isPending}
        serverError={serverError}
        onClose={() => setRenaming(null)}
        onSubmit={(name) =>
          renaming &&
          rename.mutate(
            { id: renaming.id, name },
            {
              onSuccess: () => setRenaming(null),
              onError: (error) => setServerError(errorText(error, t('savedFilters.failed'))),
            },
          )
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('savedFilters.deleteTitle')}
        confirmLabel={t('savedFilters.delete')}
        cancelLabel={t('actions.cancel')}
        confirmTestId="saved-filter-delete-confirm"
        danger
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      >
        <Typography sx={{ typography: 'textMd' }}>
          {t('savedFilters.deleteBody', { name: deleting?.name ?? '' })}
        </Typography>
      </ConfirmDialog>
    </Box>
  );
}
