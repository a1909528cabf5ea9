import AutoAwesomeRounded from '@mui/icons-material/AutoAwesomeRounded';
import BoltRounded from '@mui/icons-material/BoltRounded';
import ChatRounded from '@mui/icons-material/ChatRounded';
import EnergySavingsLeafRounded from '@mui/icons-material/EnergySavingsLeafRounded';
import FavoriteRounded from '@mui/icons-material/FavoriteRounded';
import PublicRounded from '@mui/icons-material/PublicRounded';
import RocketLaunchRounded from '@mui/icons-material/RocketLaunchRounded';
import ShieldRounded from '@mui/icons-material/ShieldRounded';
import ShowChartRounded from '@mui/icons-material/ShowChartRounded';
import StarRounded from '@mui/icons-material/StarRounded';
import ViewInArRounded from '@mui/icons-material/ViewInArRounded';
import WavesRounded from '@mui/icons-material/WavesRounded';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { LogoIcon } from '@namebourse/contract';
import type { ComponentType } from 'react';

/** A look-alike of each bundled logo icon for the picker (the logo itself is drawn by the server). */
export const LOGO_ICON_GLYPHS: Record<LogoIcon, ComponentType<SvgIconProps>> = {
  spark: AutoAwesomeRounded,
  globe: PublicRounded,
  leaf: EnergySavingsLeafRounded,
  bolt: BoltRounded,
  star: StarRounded,
  shield: ShieldRounded,
  cube: ViewInArRounded,
  wave: WavesRounded,
  heart: FavoriteRounded,
  rocket: RocketLaunchRounded,
  chart: ShowChartRounded,
  chat: ChatRounded,
};
