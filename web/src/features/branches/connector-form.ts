// The connector drawer's values ↔ the API's settings (docs/hospital.md, `Settings`). Each code
// map is edited as text, one entry a line: "hospital code = Samrap code" (a hospital code may
// be "system|code"; the line is split at its last "="); the NPO codes one a line.
import type { ConnectorMaps, ConnectorSettings } from '@/features/branches/api/connector';

/** The maps of hospital code → Samrap code, in the order the drawer shows them. */
export const TEXT_MAPS = ['wards', 'rooms', 'beds', 'dietTypes', 'therapeutic', 'allergens', 'ingredients'] as const;
/** Every map the drawer edits: the text maps, the IDDSI levels and the NPO codes. */
export const MAP_FIELDS = [...TEXT_MAPS, 'textures', 'npo'] as const;
export type MapField = (typeof MAP_FIELDS)[number];

export type ConnectorValues = {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  scope: string;
  secretArn: string;
  hnSystem: string;
  pageSize: number | null;
  timeoutSeconds: number | null;
  retries: number | null;
  privateNetwork: boolean;
} & Record<MapField, string>;

/** The form's fields, for the server's field errors ("maps.wards" is the field "wards"). */
export const CONNECTOR_FIELDS: readonly string[] = [
  'baseUrl', 'tokenUrl', 'clientId', 'scope', 'secretArn', 'hnSystem', 'pageSize', 'timeoutSeconds', 'retries', 'privateNetwork',
  ...MAP_FIELDS,
];

export function fieldOf(serverField: string): string {
  return serverField.replace(/^maps\./, '');
}

function mapText(m: Record<string, string | number> | undefined): string {
  return Object.entries(m ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k} = ${v}`)
    .join('\n');
}

/** The drawer's values for stored settings (null: a branch without any, starting empty). */
export function toValues(s: ConnectorSettings | null): ConnectorValues {
  const m = s?.maps ?? {};
  return {
    baseUrl: s?.baseUrl ?? '',
    tokenUrl: s?.tokenUrl ?? '',
    clientId: s?.clientId ?? '',
    scope: s?.scope ?? '',
    secretArn: s?.secretArn ?? '',
    hnSystem: s?.hnSystem ?? '',
    pageSize: s?.pageSize || null,
    timeoutSeconds: s?.timeoutSeconds || null,
    retries: s?.retries || null,
    privateNetwork: s?.privateNetwork ?? false,
    wards: mapText(m.wards),
    rooms: mapText(m.rooms),
    beds: mapText(m.beds),
    dietTypes: mapText(m.dietTypes),
    therapeutic: mapText(m.therapeutic),
    allergens: mapText(m.allergens),
    ingredients: mapText(m.ingredients),
    textures: mapText(m.textures),
    npo: (m.npo ?? []).join('\n'),
  };
}

function lines(text: string): { line: number; text: string }[] {
  return text
    .split('\n')
    .map((t, i) => ({ line: i + 1, text: t.trim() }))
    .filter((l) => l.text !== '');
}

/**
 * A map's text as entries; the numbers of the lines that are not "code = value" (or, for the
 * IDDSI levels, whose value is not a whole number 0–7).
 */
export function parseMap(text: string, levels = false): { map: Record<string, string | number>; bad: number[] } {
  const map: Record<string, string | number> = {};
  const bad: number[] = [];
  for (const l of lines(text)) {
    const at = l.text.lastIndexOf('=');
    const key = at > 0 ? l.text.slice(0, at).trim() : '';
    const value = at > 0 ? l.text.slice(at + 1).trim() : '';
    if (!key || !value || /\s/.test(value) || (levels && !/^[0-7]$/.test(value))) {
      bad.push(l.line);
      continue;
    }
    map[key] = levels ? Number(value) : value;
  }
  return { map, bad };
}

/** The settings the API takes, or the map fields whose lines are wrong (their line numbers). */
export function toSettings(v: ConnectorValues): { settings: ConnectorSettings; bad: Partial<Record<MapField, number[]>> } {
  const maps: ConnectorMaps = {};
  const bad: Partial<Record<MapField, number[]>> = {};
  for (const f of TEXT_MAPS) {
    const p = parseMap(v[f] ?? '');
    if (p.bad.length > 0) bad[f] = p.bad;
    if (Object.keys(p.map).length > 0) maps[f] = p.map as Record<string, string>;
  }
  const tex = parseMap(v.textures ?? '', true);
  if (tex.bad.length > 0) bad.textures = tex.bad;
  if (Object.keys(tex.map).length > 0) maps.textures = tex.map as Record<string, number>;
  const npo = lines(v.npo ?? '').map((l) => l.text);
  if (npo.length > 0) maps.npo = npo;
  const text = (s: string | undefined) => (s ?? '').trim() || undefined;
  return {
    settings: {
      kind: 'fhir-r4',
      baseUrl: (v.baseUrl ?? '').trim(),
      tokenUrl: text(v.tokenUrl),
      clientId: text(v.clientId),
      scope: text(v.scope),
      secretArn: text(v.secretArn),
      hnSystem: text(v.hnSystem),
      pageSize: v.pageSize ?? undefined,
      timeoutSeconds: v.timeoutSeconds ?? undefined,
      retries: v.retries ?? undefined,
      privateNetwork: v.privateNetwork || undefined,
      maps,
    },
    bad,
  };
}
