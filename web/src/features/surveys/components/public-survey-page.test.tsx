import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { createQueryClient } from '@/app/query-client';
import { AntdProvider } from '@/components/antd-provider';
import PublicSurveyPage from '@/features/surveys/components/public-survey-page';
import { configureApiClient } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { envelope } from '@/testing/fixtures';
import th from '@/locales/th/surveys.json';
import en from '@/locales/en/surveys.json';

// The card's survey page: each way a link can end is a state in the reader's language, and a
// send that fails for a while keeps what was chosen.

let fetchMock: ReturnType<typeof vi.fn>;
beforeAll(() => configureApiClient(), 30_000);
beforeEach(async () => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  await changeLanguage('th');
});
afterEach(() => vi.unstubAllGlobals());

const SURVEY = {
  date: '2026-11-25',
  mealType: { nameTh: 'มื้อเช้า', nameEn: 'Breakfast', color: '#ffe08a' },
  questions: [
    { key: 'taste', th: 'รสชาติอาหาร', en: 'Taste' },
    { key: 'temperature', th: 'อุณหภูมิ', en: 'Temperature' },
    { key: 'portion', th: 'ปริมาณ', en: 'Portion' },
    { key: 'onTime', th: 'ตรงเวลา', en: 'On time' },
    { key: 'overall', th: 'โดยรวม', en: 'Overall' },
  ],
  answered: false,
};

function renderPage() {
  const router = createMemoryRouter([{ path: '/q/:token', element: <PublicSurveyPage /> }], { initialEntries: ['/q/tok_1'] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AntdProvider>
        <RouterProvider router={router} />
      </AntdProvider>
    </QueryClientProvider>,
  );
}

async function answerAll(u: ReturnType<typeof userEvent.setup>) {
  for (const q of ['taste', 'temperature', 'portion', 'onTime', 'overall']) await u.click(screen.getByTestId(`score-${q}-4`));
}

describe('the card\'s survey page (/q/:token)', () => {
  it('shows the meal and its day in the Buddhist era, needs every score, then says thank you', async () => {
    fetchMock.mockResolvedValueOnce(envelope(200, SURVEY)).mockResolvedValueOnce(envelope(200, { answered: true }));
    renderPage();
    expect(await screen.findByText('รสชาติอาหาร')).toBeTruthy();
    expect(screen.getByTestId('survey-date').textContent).toBe('25 พ.ย. 2569');
    expect(screen.getByText('มื้อเช้า')).toBeTruthy();
    const u = userEvent.setup();
    await u.click(screen.getByTestId('score-taste-5'));
    expect(screen.getByTestId('score-taste-5').getAttribute('aria-checked')).toBe('true');
    await u.click(screen.getByTestId('survey-send'));
    expect(screen.getByTestId('survey-missing').textContent).toContain(th.public.missing);
    expect(fetchMock).toHaveBeenCalledTimes(1); // nothing sent
    await answerAll(u);
    await u.type(screen.getByTestId('survey-comment'), ' ดีมาก ');
    await u.click(screen.getByTestId('survey-send'));
    expect((await screen.findByTestId('survey-sent')).textContent).toBe(th.public.sentTitle);
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(String(url)).toContain('/survey/public/tok_1');
    expect(JSON.parse(String(init.body))).toEqual({
      answers: { taste: 4, temperature: 4, portion: 4, onTime: 4, overall: 4 }, comment: 'ดีมาก', lang: 'th',
    });
  });

  it('moves through a question\'s scores with the arrow keys, one tab stop per question', async () => {
    fetchMock.mockResolvedValueOnce(envelope(200, SURVEY));
    renderPage();
    await screen.findByText('รสชาติอาหาร');
    const u = userEvent.setup();
    await u.tab(); // the language switch's first button
    while (document.activeElement !== screen.getByTestId('score-taste-1')) await u.tab();
    await u.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByTestId('score-taste-2').getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(screen.getByTestId('score-taste-2'));
    await u.tab();
    expect(document.activeElement).toBe(screen.getByTestId('score-temperature-1'));
  });

  it.each([
    [410, 'SURVEY_EXPIRED', 'survey-expired', th.public.expiredTitle],
    [404, 'SURVEY_NOT_FOUND', 'survey-not-found', th.public.notFoundTitle],
  ])('a %i on arrival: %s', async (status, code, testId, title) => {
    fetchMock.mockResolvedValueOnce(envelope(status, null, code));
    renderPage();
    expect((await screen.findByTestId(testId)).textContent).toBe(title);
  });

  it('an answered link says so on arrival', async () => {
    fetchMock.mockResolvedValueOnce(envelope(200, { ...SURVEY, answered: true }));
    renderPage();
    expect((await screen.findByTestId('survey-answered')).textContent).toBe(th.public.answeredTitle);
  });

  it('too many tries on arrival: the wait in minutes, in English when chosen', async () => {
    await changeLanguage('en');
    fetchMock.mockResolvedValueOnce(envelope(429, { retryAfter: 300 }, 'RATE_LIMITED'));
    renderPage();
    expect((await screen.findByTestId('survey-rate-limited')).textContent).toBe(en.public.rateLimitedTitle);
    expect(screen.getByText(en.public.rateLimitedText.replace('{{minutes}}', '5'))).toBeTruthy();
  });

  it('no network on arrival: a retry that then shows the survey', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(envelope(200, SURVEY));
    renderPage();
    expect((await screen.findByTestId('survey-network')).textContent).toBe(th.public.networkTitle);
    await userEvent.setup().click(screen.getByTestId('survey-retry'));
    expect(await screen.findByText('รสชาติอาหาร')).toBeTruthy();
  });

  it('a send refused for too many tries keeps the choices; a 409 says already answered', async () => {
    fetchMock
      .mockResolvedValueOnce(envelope(200, SURVEY))
      .mockResolvedValueOnce(envelope(429, null, 'RATE_LIMITED'))
      .mockResolvedValueOnce(envelope(409, null, 'SURVEY_ANSWERED'));
    renderPage();
    await screen.findByText('รสชาติอาหาร');
    const u = userEvent.setup();
    await answerAll(u);
    await u.click(screen.getByTestId('survey-send'));
    expect((await screen.findByTestId('survey-rate-limited')).textContent).toContain(th.public.rateLimitedTitle);
    expect(screen.getByTestId('score-overall-4').getAttribute('aria-checked')).toBe('true');
    await u.click(screen.getByTestId('survey-send'));
    expect((await screen.findByTestId('survey-answered')).textContent).toBe(th.public.answeredTitle);
  });
});
