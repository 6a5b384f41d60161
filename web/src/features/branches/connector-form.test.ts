import { parseMap, toSettings, toValues } from '@/features/branches/connector-form';
import type { ConnectorSettings } from '@/features/branches/api/connector';

const stored: ConnectorSettings = {
  kind: 'fhir-r4',
  baseUrl: 'http://127.0.0.1:8080/dev/fhir/SRP01',
  hnSystem: 'urn:samrap:demo:hn',
  maps: {
    wards: { '5N': 'W05' },
    dietTypes: { 'urn:samrap:demo:diet|DT02': 'DT02', 'urn:samrap:demo:diet|DT01': 'DT01' },
    npo: ['urn:samrap:demo:diet|NPO'],
    textures: { 'urn:samrap:demo:iddsi|F4': 4 },
    allergens: { peanuts: 'AL02' },
  },
};

describe('the connector drawer’s values', () => {
  it('shows each map as sorted "code = value" lines and reads them back unchanged', () => {
    const v = toValues(stored);
    expect(v.dietTypes).toBe('urn:samrap:demo:diet|DT01 = DT01\nurn:samrap:demo:diet|DT02 = DT02');
    expect(v.textures).toBe('urn:samrap:demo:iddsi|F4 = 4');
    expect(v.npo).toBe('urn:samrap:demo:diet|NPO');
    const back = toSettings(v);
    expect(back.bad).toEqual({});
    expect(back.settings).toEqual({ ...stored, tokenUrl: undefined, clientId: undefined, scope: undefined, secretArn: undefined,
      pageSize: undefined, timeoutSeconds: undefined, retries: undefined });
  });

  it('keeps the private network switch (absent when off)', () => {
    const v = toValues({ ...stored, privateNetwork: true });
    expect(v.privateNetwork).toBe(true);
    expect(toSettings(v).settings.privateNetwork).toBe(true);
    expect(toValues(stored).privateNetwork).toBe(false);
    expect('privateNetwork' in JSON.parse(JSON.stringify(toSettings(toValues(stored)).settings))).toBe(false);
  });

  it('starts a branch without settings empty', () => {
    const v = toValues(null);
    expect(v.baseUrl).toBe('');
    expect(toSettings(v).settings.maps).toEqual({});
  });

  it('names the lines that are not "code = value", and IDDSI levels outside 0–7', () => {
    expect(parseMap('A = 1\n\nno equals\n= X\nB =\nC = two words')).toEqual({ map: { A: '1' }, bad: [3, 4, 5, 6] });
    expect(parseMap('F4 = 4\nF9 = 9\nFX = x', true)).toEqual({ map: { F4: 4 }, bad: [2, 3] });
    const { bad } = toSettings({ ...toValues(stored), wards: '5N = W05\n6N', textures: 'F = 8' });
    expect(bad).toEqual({ wards: [2], textures: [1] });
  });

  it('splits a line at its last "=" (a hospital code may hold one)', () => {
    expect(parseMap('urn:x?a=b|C1 = DT01').map).toEqual({ 'urn:x?a=b|C1': 'DT01' });
  });
});
