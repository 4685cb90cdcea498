/**
 * The card of the public account pages (spec §2 /validateToken, /resetpassword; §9 activation card
 * width: 300, 350 or 400 px on extra-small screens, 500 px small to large, 600 px extra-large).
 */
import type { ReactNode } from 'react';
import { BrandedCardPage } from '../../../shared/components/BrandedCardPage';

export function AccountCard({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <BrandedCardPage
      title={title}
      testId={testId}
      pagePadding={1}
      cardSx={(theme) => ({
        width: 300,
        maxWidth: '100%',
        // Extra-small screens: 300, 350 or 400 px as the screen allows (bounded, so no rule overrides another).
        [`@media (min-width: 380px) and (max-width: 439.95px)`]: { width: 350 },
        [`@media (min-width: 440px) and (max-width: ${theme.breakpoints.values.sm - 0.05}px)`]: { width: 400 },
        [theme.breakpoints.between('sm', 'xl')]: { width: 500 },
        [theme.breakpoints.up('xl')]: { width: 600 },
      })}
    >
      {children}
    </BrandedCardPage>
  );
}
