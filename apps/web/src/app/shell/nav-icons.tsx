import EmojiEventsRounded from '@mui/icons-material/EmojiEventsRounded';
import GavelRounded from '@mui/icons-material/GavelRounded';
import LanguageRounded from '@mui/icons-material/LanguageRounded';
import ListAltRounded from '@mui/icons-material/ListAltRounded';
import StorefrontRounded from '@mui/icons-material/StorefrontRounded';
import StoreMallDirectoryRounded from '@mui/icons-material/StoreMallDirectoryRounded';
import SwapHorizRounded from '@mui/icons-material/SwapHorizRounded';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';

export const NAV_ICONS: Record<string, ComponentType<SvgIconProps>> = {
  sale: GavelRounded,
  myBids: ListAltRounded,
  won: EmojiEventsRounded,
  myDomains: LanguageRounded,
  transferOut: SwapHorizRounded,
  market: StorefrontRounded,
  seller: StoreMallDirectoryRounded,
};
