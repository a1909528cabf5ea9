import { common } from '@mui/material/colors';
import { PAYMENT_MARKS } from '../theme.ts';
/** Payment brand marks for the footer, drawn inline (no external images). */
export function CardBrandIcon({ label }: { label: string }) {
  return (
    <svg width="64" height="40" viewBox="0 0 64 40" role="img" aria-label={label}>
      <title>{label}</title>
      <rect x="0.5" y="0.5" width="63" height="39" rx="7" fill={common.white} stroke={PAYMENT_MARKS.cardLine} />
      <text
        x="32"
        y="26.5"
        textAnchor="middle"
        fontFamily="Arial, Helvetica, sans-serif"
        fontSize="17"
        fontStyle="italic"
        fontWeight="900"
        letterSpacing="0.5"
        fill={PAYMENT_MARKS.visaBlue}
      >
        VISA
      </text>
      <rect x="14" y="30" width="36" height="2.5" rx="1.25" fill={PAYMENT_MARKS.visaGold} />
    </svg>
  );
}

export function AlipayIcon({ label }: { label: string }) {
  return (
    <svg width="86" height="40" viewBox="0 0 86 40" role="img" aria-label={label}>
      <title>{label}</title>
      <rect x="0.5" y="0.5" width="85" height="39" rx="7" fill={common.white} stroke={PAYMENT_MARKS.cardLine} />
      <rect x="8" y="9" width="22" height="22" rx="6" fill={PAYMENT_MARKS.alipayBlue} />
      <text
        x="19"
        y="25.5"
        textAnchor="middle"
        fontFamily="'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif"
        fontSize="14"
        fontWeight="700"
        fill={common.white}
      >
        支
      </text>
      <text
        x="35"
        y="25"
        fontFamily="Arial, Helvetica, sans-serif"
        fontSize="13.5"
        fontWeight="700"
        letterSpacing="0.2"
        fill={PAYMENT_MARKS.alipayBlue}
      >
        Alipay
      </text>
    </svg>
  );
}
