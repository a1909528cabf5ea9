import MoreVert from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { MyDomain } from '@namebourse/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { canChangeLock, canRedeem, canRenew, isLocked } from '../lib/operations.ts';

export type RowAction = 'details' | 'notes' | 'group' | 'lock' | 'renew' | 'redeem';

export const TRANSFER_OUT_PATH = '/console/domain/transfer-out';
/** The seller centre's create page (prefilled with the domain) and its list (searched for it). */
export const LIST_FOR_SALE_PATH = '/console/seller/new';
export const SELLER_CENTRE_PATH = '/console/seller';

/**
 * The actions of one domain in a menu: details (registry status, operations), notes, group, lock, renew, redeem
 * (when possible), list for sale (or, once listed, its listing in the seller centre) and transfer out.
 */
export function DomainRowActions({
  domain,
  onAction,
}: {
  domain: MyDomain;
  onAction: (action: RowAction, domain: MyDomain) => void;
}) {
  const { t } = useTranslation('domains');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const pick = (action: RowAction) => {
    setAnchor(null);
    onAction(action, domain);
  };
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('actions.menu', { name: domain.name })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => pick('details')}>
          <ListItemText>{t('actions.details')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => pick('notes')}>
          <ListItemText>{t('actions.notes')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => pick('group')}>
          <ListItemText>{t('actions.group')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => pick('lock')} disabled={!canChangeLock(domain)}>
          <ListItemText>{isLocked(domain) ? t('actions.unlock') : t('actions.lock')}</ListItemText>
        </MenuItem>
        {canRenew(domain) ? (
          <MenuItem onClick={() => pick('renew')}>
            <ListItemText>{t('actions.renew')}</ListItemText>
          </MenuItem>
        ) : null}
        {canRedeem(domain) ? (
          <MenuItem onClick={() => pick('redeem')}>
            <ListItemText>{t('actions.redeem')}</ListItemText>
          </MenuItem>
        ) : null}
        {domain.listed ? (
          <MenuItem
            component={RouterLink}
            to={`${SELLER_CENTRE_PATH}?q=${encodeURIComponent(domain.name)}`}
            onClick={() => setAnchor(null)}
          >
            <ListItemText>{t('actions.listed')}</ListItemText>
          </MenuItem>
        ) : (
          <MenuItem
            component={RouterLink}
            to={`${LIST_FOR_SALE_PATH}?domain=${encodeURIComponent(domain.name)}`}
            onClick={() => setAnchor(null)}
          >
            <ListItemText>{t('actions.listForSale')}</ListItemText>
          </MenuItem>
        )}
        <MenuItem
          component={RouterLink}
          to={`${TRANSFER_OUT_PATH}?domain=${encodeURIComponent(domain.name)}`}
          onClick={() => setAnchor(null)}
        >
          <ListItemText>{t('actions.transferOut')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
