import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost, isApiError } from '@/lib/api-client';
import { useScreenMutation } from '@/lib/screen-errors';

/** The code maps of a branch's hospital connector (docs/hospital.md, `Maps`). */
export type ConnectorMaps = {
  wards?: Record<string, string>;
  rooms?: Record<string, string>;
  beds?: Record<string, string>;
  dietTypes?: Record<string, string>;
  therapeutic?: Record<string, string>;
  npo?: string[];
  textures?: Record<string, number>;
  allergens?: Record<string, string>;
  ingredients?: Record<string, string>;
};

/** A branch's hospital connector settings (docs/hospital.md, `Settings`): no secret, a secretArn. */
export type ConnectorSettings = {
  kind: 'fhir-r4';
  baseUrl: string;
  tokenUrl?: string;
  clientId?: string;
  scope?: string;
  secretArn?: string;
  hnSystem?: string;
  pageSize?: number;
  timeoutSeconds?: number;
  retries?: number;
  /** The hospital is reached over a private network: its addresses may be private (10/8, 172.16/12, 192.168/16, fc00::/7). */
  privateNetwork?: boolean;
  maps: ConnectorMaps;
};

/** The settings read: the settings, and the EU-14 allergen groups they give no allergen of the branch. */
export type ConnectorRead = {
  settings: ConnectorSettings;
  /** Group keys (gluten, crustaceans, …, molluscs): a code of such a group stays an unmapped allergy text. */
  missingAllergenGroups: string[];
};

/** What a test of the connection found on the census's first page (docs/api.md, testConnection). */
export type ConnectionProbe = {
  ok: boolean;
  /** Why not, in the caller's language. */
  error?: string;
  /** The hospital's count of stays in progress, when it gives one. */
  total: number | null;
  encounters: number;
  patients: number;
  locations: number;
  hasNext: boolean;
  elapsedMs: number;
};

/** GET /data-patient/hospitalSettings?code — the branch's settings; null when it has none (404). */
export async function getConnectorSettings(code: string): Promise<ConnectorRead | null> {
  try {
    const b = await apiGet<{ code: string } & ConnectorRead>('/data-patient/hospitalSettings', { query: { code } });
    return { settings: b.settings, missingAllergenGroups: b.missingAllergenGroups ?? [] };
  } catch (e) {
    if (isApiError(e) && e.status === 404) return null;
    throw e;
  }
}

export function connectorSettingsQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['data-patient', { endpoint: 'hospitalSettings', code }],
    queryFn: () => getConnectorSettings(code),
    // always a fresh read when the drawer opens: another Super Admin may have saved since
    staleTime: 0,
    gcTime: 0,
  });
}

export function useConnectorSettings(code: string | null) {
  return useQuery({ ...connectorSettingsQueryOptions(code ?? ''), enabled: code !== null });
}

/** POST /data-patient/hospitalSettings — validates and stores the settings (422: data.fields per field). */
export function useSaveConnectorSettings() {
  return useScreenMutation({
    mutationFn: (b: { code: string; settings: ConnectorSettings }) => apiPost<unknown>('/data-patient/hospitalSettings', b),
  });
}

/** POST /data-patient/testConnection — one page of the census with the settings given (not saved). */
export function useTestConnection() {
  return useScreenMutation({
    mutationFn: (b: { code: string; settings: ConnectorSettings }) => apiPost<ConnectionProbe>('/data-patient/testConnection', b),
  });
}
