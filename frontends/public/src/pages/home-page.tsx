import { useLocation } from '@innerecho/ui';
import { useEffect } from 'react';
import { ClosingSection } from '../home/closing-section';
import { FeaturesSection } from '../home/features-section';
import { HeroSection } from '../home/hero-section';
import { HowItWorksSection } from '../home/how-it-works-section';
import { PRICING_HEADING_ID, PRICING_SECTION_ID, PricingSection } from '../home/pricing-section';

export type HomePageProps = Record<string, never>;

/** '/': the landing page; its buttons lead visitors, listeners without a plan and subscribers each their own way in. */
export function HomePage(_props: HomePageProps) {
  const viewPricing = () => {
    document.getElementById(PRICING_SECTION_ID)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    // Move keyboard focus along with the view, without a second jump.
    document.getElementById(PRICING_HEADING_ID)?.focus({ preventScroll: true });
  };

  // '/#pricing' (where pages needing a subscription, and a cancelled checkout, send people)
  // and '/pricing' (what people type): the page arrives after the browser's own anchor jump,
  // so scroll once it is here.
  const { hash, pathname } = useLocation();
  useEffect(() => {
    if (hash === `#${PRICING_SECTION_ID}` || pathname === '/pricing') viewPricing();
  }, [hash, pathname]);

  return (
    <>
      <HeroSection onViewPricing={viewPricing} />
      <FeaturesSection />
      <HowItWorksSection />
      <PricingSection />
      <ClosingSection onViewPricing={viewPricing} />
    </>
  );
}
