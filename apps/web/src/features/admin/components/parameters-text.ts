import type { Parameter } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { formatParameterValue } from '../lib/parameters-values.ts';

/** A parameter's values and bounds as text in the UI language ('$1.00', '2.95%', '14 days', 'On'). */
export function useParameterText() {
  const { t, i18n } = useTranslation('admin-parameters');
  const labels = { on: t('switch.on'), off: t('switch.off') };
  const value = (parameter: Pick<Parameter, 'type'>, raw: number | boolean) =>
    formatParameterValue(parameter.type, raw, i18n.language, labels);
  const bound = (parameter: Pick<Parameter, 'type'>, raw: number | undefined) =>
    raw === undefined ? '' : value(parameter, raw);
  const range = (parameter: Pick<Parameter, 'type' | 'min' | 'max'>) => {
    const { min, max } = parameter;
    if (min !== undefined && max !== undefined)
      return t('range.both', { min: bound(parameter, min), max: bound(parameter, max) });
    if (min !== undefined) return t('range.min', { min: bound(parameter, min) });
    if (max !== undefined) return t('range.max', { max: bound(parameter, max) });
    return t('range.none');
  };
  return { value, bound, range };
}
