import { render, screen } from '@testing-library/react';
import { MovedTable } from '@/features/reports/components/moved-table';
import type { Moved } from '@/features/reports/api/reports';
import { changeLanguage } from '@/lib/i18n';
import en from '@/locales/en/reports.json';
import th from '@/locales/th/reports.json';

const bed = (id: number, code: string) => ({ id, code, nameTh: code, nameEn: code });
const tray = (orderId: string, hnChanged: boolean, printedRoom = bed(2, '301-2')): Moved => ({
  orderId, hnId: `HN-${orderId}`, name: 'Prasert', caregiver: false,
  mealType: { ...bed(9, 'MT02'), abbreviation: 'L', mealColor: '#fff', textColor: '#000' },
  ward: bed(1, 'W01'), room: bed(2, '301-2'), printedWard: bed(1, 'W01'), printedRoom, printedAt: null,
  hnChanged, needsReview: false, reviewReasons: [],
});

// A card to reprint is labelled by what changed: the bed (Moved), or the HN in the same bed
// (an A40 merge, an HN corrected), in Thai and English.
describe('the cards to reprint', () => {
  it.each([['th', th], ['en', en]] as const)('say Moved for a bed changed and HN changed for an HN (%s)', async (lang, words) => {
    await changeLanguage(lang);
    render(<MovedTable items={[tray('a', false, bed(3, '302-1')), tray('b', true)]} testId="t" />);
    const tags = screen.getAllByTestId('moved-tag').map((t) => t.textContent);
    expect(tags).toEqual([words.moved.tag, words.moved.hnTag]);
  });
});
