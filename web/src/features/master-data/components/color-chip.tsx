import { chipTextColor } from '@/features/master-data/color';

/** A colour chip: the hex code (or a label) on the colour, in black or white by luminance. */
export function ColorChip({ color, label }: { color: string; label?: string }) {
  return (
    <span
      className="md-color-chip"
      data-testid="color-chip"
      style={{
        background: color,
        color: chipTextColor(color),
        display: 'inline-block',
        minWidth: 72,
        padding: '1px 8px',
        borderRadius: 6,
        border: '1px solid rgba(0,0,0,0.15)',
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
        fontSize: 12,
        textAlign: 'center',
      }}
    >
      {label ?? color}
    </span>
  );
}
