// A tooltip made only when the pointer first comes over its element: Ant Design's Tooltip
// costs each element it wraps a trigger, a ref, resize observing and style hooks at every
// render, which on the order list's 20 rows of chips was a fifth of a page change (issue 28
// §3). Until then the element is rendered alone, with the same name and text.
import { Tooltip, type TooltipProps } from 'antd';
import { cloneElement, useState, type MouseEvent, type ReactElement } from 'react';
import { flushSync } from 'react-dom';

type Props = {
  title: TooltipProps['title'];
  /** One element that takes mouse events and is a DOM element or passes its ref on (a button, a tag, a span around a component). */
  children: ReactElement<{ onMouseEnter?: (e: MouseEvent<HTMLElement>) => void }>;
};

/**
 * Ant Design's Tooltip on hover (as Ant Design's, it does not open on keyboard focus), made at
 * the first hover and shown at once then; afterwards it is that Tooltip, opening and closing
 * as usual.
 */
export function Hint({ title, children }: Props) {
  const [made, setMade] = useState(false);
  if (made) {
    return (
      <Tooltip title={title} defaultOpen>
        {children}
      </Tooltip>
    );
  }
  if (title === undefined || title === null || title === '') return children;
  return cloneElement(children, {
    onMouseEnter: (e: MouseEvent<HTMLElement>) => {
      children.props.onMouseEnter?.(e);
      // The element is made again inside the Tooltip: synchronously, so that a press that
      // follows lands on the new one, and with the keyboard's focus kept if it had it.
      const el = e.currentTarget;
      const parent = el.parentElement;
      const at = parent ? Array.prototype.indexOf.call(parent.children, el) : -1;
      const focused = document.activeElement === el;
      flushSync(() => setMade(true));
      if (focused && parent && at >= 0) (parent.children[at] as HTMLElement | undefined)?.focus({ preventScroll: true });
    },
  });
}
