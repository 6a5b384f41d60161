import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useHref, useNavigate } from 'react-router';

/**
 * A link to a screen of the app that looks like a button: one element, one Tab stop, with the
 * focus ring of a link (a Button inside a Link was two stops, the link's with no ring; issue 29).
 * A plain click moves inside the app; a click with a modifier opens the address as a link does.
 */
export function ButtonLink({ to, onClick, ...props }: Omit<ButtonProps, 'href'> & { to: string }) {
  const navigate = useNavigate();
  const href = useHref(to);
  return (
    <Button
      {...props}
      href={href}
      onClick={(e: MouseEvent<HTMLElement>) => {
        onClick?.(e as MouseEvent<HTMLButtonElement & HTMLAnchorElement>);
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(to);
      }}
    />
  );
}
