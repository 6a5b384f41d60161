// The generic form's values of a record, and the updateX body from the form's values.
import type { KindSpec, ListItem, MasterRecord } from '@/features/master-data/kinds';

/** The form's values of a record (create: the defaults). */
export function initialValues(kind: KindSpec, rec: MasterRecord | null): Record<string, unknown> {
  const v: Record<string, unknown> = {
    code: rec?.code ?? '',
    nameTh: rec?.nameTh ?? '',
    nameEn: rec?.nameEn ?? '',
  };
  for (const f of kind.fields) {
    const stored = rec?.[f.name];
    switch (f.type) {
      case 'bool':
        v[f.name] = stored === true;
        break;
      case 'color':
        v[f.name] = typeof stored === 'string' ? stored : f.name === 'textColor' ? '#000000' : '#FFFFFF';
        break;
      case 'ref':
        v[f.name] = typeof stored === 'number' && stored > 0 ? stored : undefined;
        break;
      case 'list':
        v[f.name] = ((rec?.[f.display] as ListItem[] | undefined) ?? []).map((i) => i.id);
        break;
      default:
        v[f.name] = stored ?? undefined;
    }
  }
  return v;
}

/** The body of updateX from the form's values. */
export function toRecord(kind: KindSpec, values: Record<string, unknown>, rec: MasterRecord | null): Record<string, unknown> {
  const out: Record<string, unknown> = { code: String(values.code ?? '').trim() };
  if (rec) out.id = rec.id;
  if (!kind.noName) {
    out.nameTh = String(values.nameTh ?? '').trim();
    out.nameEn = String(values.nameEn ?? '').trim();
  }
  for (const f of kind.fields) {
    const v = values[f.name];
    switch (f.type) {
      case 'bool':
        out[f.name] = v === true;
        break;
      case 'ref':
        out[f.name] = typeof v === 'number' ? v : null;
        break;
      case 'list':
        out[f.name] = Array.isArray(v) ? v : [];
        break;
      case 'int':
      case 'decimal':
        out[f.name] = typeof v === 'number' ? v : null;
        break;
      default:
        out[f.name] = typeof v === 'string' ? v.trim() : (v ?? '');
    }
  }
  return out;
}
