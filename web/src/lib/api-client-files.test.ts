// @vitest-environment jsdom
// The api-client's calls for master data: DELETE, multipart uploads and file downloads go
// (their signed links) go through aws-amplify with the same headers and error mapping as every call.
import { ApiError, apiDelete, apiDownload, apiPostMultipart } from '@/lib/api-client';
import { subscribeGlobal, type GlobalEvent } from '@/lib/global-events';
import { loading } from '@/lib/loading';
import { envelope, session, storeSession } from '@/testing/fixtures';

let events: GlobalEvent[];
let off: () => void;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  events = [];
  off = subscribeGlobal((e) => events.push(e));
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  window.history.replaceState(null, '', '/auth/food-type');
  storeSession(session({ token: 'abc' }));
  localStorage.setItem('language', 'en');
});
afterEach(() => {
  off();
  vi.unstubAllGlobals();
  loading.reset();
});

function lastRequest() {
  const [url, init] = fetchMock.mock.calls.at(-1)! as [string | URL, RequestInit];
  const headers: Record<string, string> = {};
  new Headers(init.headers as HeadersInit).forEach((v, k) => (headers[k] = v));
  return { url: String(url), init, headers };
}

describe('api client: master-data calls', () => {
  it('DELETE with the query, bearer and language; 409 is the screen’s to show', async () => {
    fetchMock.mockResolvedValueOnce(envelope(200, null));
    await apiDelete('/parameter/deleteDietType', { query: { branchCode: 'SRP01', id: 7 } });
    const { url, init, headers } = lastRequest();
    expect(url).toBe(`${window.location.origin}/api/parameter/deleteDietType?branchCode=SRP01&id=7`);
    expect(init.method).toBe('DELETE');
    expect(headers.authorization).toBe('Bearer abc');
    expect(headers['accept-language']).toBe('en');

    fetchMock.mockResolvedValueOnce(envelope(409, { usedIn: ['ward'] }, 'CONFLICT', 'In use, cannot be deleted — used in wards'));
    const e = await apiDelete('/parameter/deleteWardType', { query: { branchCode: 'SRP01', id: 1 } }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).status).toBe(409);
    expect((e as ApiError).message).toBe('In use, cannot be deleted — used in wards');
    expect((e as ApiError).handled).toBe(false);
    expect(events).toEqual([]);
  });

  it('posts FormData as multipart (the browser sets the boundary) and maps a 422 to fields', async () => {
    fetchMock.mockResolvedValueOnce(envelope(200, { jobId: 'j1', status: 'QUEUED' }));
    const form = new FormData();
    form.append('type', 'DietType');
    form.append('file', new File(['x'], 'a.xlsx'));
    await expect(apiPostMultipart('/upload/masterData', form)).resolves.toEqual({ jobId: 'j1', status: 'QUEUED' });
    const { init, headers } = lastRequest();
    expect(init.method).toBe('POST');
    expect(init.body).toBe(form);
    expect(headers['content-type']).toBeUndefined();
    expect(headers.authorization).toBe('Bearer abc');

    fetchMock.mockResolvedValueOnce(envelope(422, { fields: { file: 'Format not supported' } }, 'VALIDATION', 'Invalid data'));
    const e = (await apiPostMultipart('/upload/masterData', form).catch((x: unknown) => x)) as ApiError;
    expect(e.fields).toEqual({ file: 'Format not supported' });
  });

  it('follows the signed link a download answers, GET or POST, and answers null for 204 (DATA_NOT_FOUND)', async () => {
    const clicked: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    const link = { url: 'http://files.test/files/exports/SRP01/master-data/ab/DietType_SRP01.xlsx?sig=1', fileName: 'DietType_SRP01.xlsx' };
    fetchMock.mockResolvedValueOnce(envelope(200, link));
    const file = await apiDownload('/download/masterDataType', { query: { branchCode: 'SRP01', type: 'DietType' } });
    expect(file).toEqual(link);
    expect(lastRequest().url).toBe(`${window.location.origin}/api/download/masterDataType?branchCode=SRP01&type=DietType`);
    expect(clicked).toEqual([{ href: link.url, download: 'DietType_SRP01.xlsx' }]);

    // A report: POSTed with its body; no link (every order needs review) is not followed.
    fetchMock.mockResolvedValueOnce(envelope(200, { fileName: 'kitchen_report.xlsx', count: 0, needsReview: [{ orderId: 'O1' }] }));
    const report = await apiDownload<{ fileName: string; count: number }>('/download/excelCuisine', { body: { branchCode: 'SRP01' } });
    expect(report?.count).toBe(0);
    expect(lastRequest().init.method).toBe('POST');
    expect(clicked).toHaveLength(1);

    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(apiDownload('/download/masterDataType')).resolves.toBeNull();
    expect(clicked).toHaveLength(1);
    click.mockRestore();
  });
});
