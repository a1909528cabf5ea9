import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { DomainGroup } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';

/** '' stands for 'no group' in the select. */
export const NO_GROUP = '';

/** A group to move domains to, or none. */
export function GroupSelect({
  groups,
  value,
  onChange,
}: {
  groups: DomainGroup[];
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('domains');
  return (
    <TextField
      select
      fullWidth
      label={t('assign.label')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ mt: 1 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value={NO_GROUP}>{t('group.none')}</MenuItem>
      {groups.map((group) => (
        <MenuItem key={group.groupId} value={group.groupId}>
          {group.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
