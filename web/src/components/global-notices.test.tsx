import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import NoticeHost from '@/components/notice-host';
import { changeLanguage } from '@/lib/i18n';
import { publishGlobal } from '@/lib/global-events';

/** The one open dialog; antd repeats the title in a hidden header, so look inside it. */
async function dialogWith(title: string): Promise<HTMLElement> {
  const dialogs = await screen.findAllByRole('dialog');
  expect(dialogs).toHaveLength(1);
  expect(within(dialogs[0]).getAllByText(title).length).toBeGreaterThan(0);
  return dialogs[0];
}

describe('global notices', () => {
  let assign: ReturnType<typeof vi.fn>;
  let reload: ReturnType<typeof vi.fn>;
  beforeEach(async () => {
    assign = vi.fn();
    reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, reload, pathname: '/auth/account' });
    await changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('≥500: "Something went wrong (code: N)" with the server msg; Got It reloads', async () => {
    const { unmount } = render(<NoticeHost />);
    act(() => publishGlobal({ kind: 'server-error', status: 503, msg: 'database is down' }));
    const dialog = await dialogWith('Something went wrong (code: 503)');
    expect(within(dialog).getByText('database is down')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Got It' }));
    expect(reload).toHaveBeenCalledTimes(1);
    unmount();
  });

  it('400: "Bad Request (code: 400)"; Got It goes to Login', async () => {
    const { unmount } = render(<NoticeHost />);
    act(() => publishGlobal({ kind: 'bad-request', msg: 'unparsable' }));
    await dialogWith('Bad Request (code: 400)');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Got It' }));
    expect(assign).toHaveBeenCalledWith('/login');
    unmount();
  });

  it('401: one unauthorized modal for a burst of failures, in Thai, button back to Login', async () => {
    await changeLanguage('th');
    const { unmount } = render(<NoticeHost />);
    act(() => {
      publishGlobal({ kind: 'unauthorized' });
      publishGlobal({ kind: 'unauthorized' });
    });
    await dialogWith('เซสชันของคุณไม่ได้รับอนุญาต');
    await userEvent.setup().click(screen.getByRole('button', { name: 'กลับไปหน้าเข้าสู่ระบบ' }));
    expect(assign).toHaveBeenCalledWith('/login');
    unmount();
  });

  it('shows a notice published before the host was mounted (Login loads the host on demand)', async () => {
    publishGlobal({ kind: 'network' });
    const { unmount } = render(<NoticeHost />);
    await dialogWith('Cannot proceed');
    unmount();
  });
});
