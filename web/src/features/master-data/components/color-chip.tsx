import { chipTextColor, parseHex } from '@/features/master-data/color';

/**
 * A colour chip: the hex code (or a label) on the colour, in black or white by luminance, or
 * in textColor when one is chosen (a meal type's abbreviation in its own text colour).
 */
export function ColorChip({ color, label, textColor }: { color: string; label?: string; textColor?: string }) {
  return (
    <span
      className="md-color-chip"
      data-testid="color-chip"
      style={{
        background: color,
        color: textColor && parseHex(textColor) ? textColor : chipTextColor(color),
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
