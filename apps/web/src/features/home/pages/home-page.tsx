import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { BELOW_THE_FOLD } from '../../../components/page-widths.ts';
import { usePageHead } from '../../../lib/page-head.tsx';
import { AuctionHighlights } from '../components/auction-highlights.tsx';
import { AuctionTypes } from '../components/auction-types.tsx';
import { ContactBlock } from '../components/contact-block.tsx';
import { HeroSection } from '../components/hero-search.tsx';
import { HomeFaq } from '../components/home-faq.tsx';
import { HowItWorks } from '../components/how-it-works.tsx';
import { LatestAnnouncements } from '../components/latest-announcements.tsx';

/**
 * Home (spec §2): domain search, the latest announcements, hot auctions and top deals, how it works, auction types,
 * FAQ and contact.
 */
export function HomePage() {
  const { t } = useTranslation('home');
  usePageHead({
    title: t('meta.title'),
    description: t('meta.description'),
    jsonLd: [
      {
        '@type': 'WebSite',
        name: 'NameBourse',
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: '/sale?keyword={search_term_string}' },
          'query-input': 'required name=search_term_string',
        },
      },
      { '@type': 'Organization', name: 'NameBourse', logo: '/favicon.svg' },
    ],
  });
  return (
    <Box sx={{ bgcolor: 'background.default' }}>
      <HeroSection />
      <LatestAnnouncements />
      <AuctionHighlights />
      <Box sx={BELOW_THE_FOLD}>
        <HowItWorks />
      </Box>
      <Box sx={BELOW_THE_FOLD}>
        <AuctionTypes />
      </Box>
      <Box sx={BELOW_THE_FOLD}>
        <HomeFaq />
      </Box>
      <Box sx={BELOW_THE_FOLD}>
        <ContactBlock />
      </Box>
    </Box>
  );
}
