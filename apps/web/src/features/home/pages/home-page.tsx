import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { AuctionHighlights } from '../components/auction-highlights';
import { AuctionTypes } from '../components/auction-types';
import { ContactBlock } from '../components/contact-block';
import { HeroSection } from '../components/hero-search';
import { HomeFaq } from '../components/home-faq';
import { HowItWorks } from '../components/how-it-works';
import { usePageTitle } from '../../../lib/use-page-title';

/** Home (spec §2): domain search, hot auctions and top deals, how it works, auction types, FAQ and contact. */
export function HomePage() {
  const { t } = useTranslation('home');
  usePageTitle(t('meta.title'));
  return (
    <Box sx={{ bgcolor: 'background.default' }}>
      <HeroSection />
      <AuctionHighlights />
      <HowItWorks />
      <AuctionTypes />
      <HomeFaq />
      <ContactBlock />
    </Box>
  );
}
