import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createQueryClient } from '@/app/query-client';
import { AntdProvider } from '@/components/antd-provider';
import FinancePage from '@/features/reports/components/finance-page';
import KitchenOrdersPage from '@/features/reports/components/kitchen-orders-page';
import MealCardPage from '@/features/reports/components/meal-card-page';
import { configureApiClient } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { envelope, session, storeSession } from '@/testing/fixtures';

// The report screens' default day is the branch's (Asia/Bangkok), not the device's: a device
// set to Los Angeles at 10:30 on 21 Nov is already at 01:30 on 22 Nov in Bangkok (issue 25 §3).

const deviceZone = process.env.TZ;
beforeAll(() => configureApiClient(), 30_000);
beforeEach(async () => {
  process.env.TZ = 'America/Los_Angeles';
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-21T18:30:00Z'));
  // every call answers an empty list: the branch list (so Bangkok, the default zone) and the filters' choices
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(envelope(200, []))));
  storeSession(session());
  await changeLanguage('th');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  if (deviceZone === undefined) delete process.env.TZ;
  else process.env.TZ = deviceZone;
});

function renderPage(page: React.ReactElement) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AntdProvider>{page}</AntdProvider>
    </QueryClientProvider>,
  );
}

const value = (testId: string) => (screen.getByTestId(testId).querySelector('input') ?? screen.getByTestId(testId)).getAttribute('value');

describe('report screens open on the branch\'s day', () => {
  it('meal cards: 22/11/2569, not the device\'s 21st', async () => {
    renderPage(<MealCardPage />);
    await screen.findByTestId('report-date');
    expect(value('report-date')).toBe('22/11/2569');
  });

  it('the kitchen board: the branch\'s day', async () => {
    renderPage(<KitchenOrdersPage />);
    await screen.findByTestId('board-date');
    expect(value('board-date')).toBe('22/11/2569');
  });

  it('finance: the branch\'s month so far, 1 to 22 Nov', async () => {
    renderPage(<FinancePage />);
    const inputs = (await screen.findAllByRole('textbox')).map((i) => i.getAttribute('value'));
    expect(inputs).toEqual(expect.arrayContaining(['01/11/2569', '22/11/2569']));
  });
});
