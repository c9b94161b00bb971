import type { Theme } from '@emotion/react';
import { Link, type LinkProps } from '../routing/router';

export const textLinkStyles = (t: Theme) => ({
  color: t.colors.primary,
  fontWeight: 600,
  textDecoration: 'underline',
  textDecorationThickness: '1px',
  textUnderlineOffset: '3px',
  '&:hover': { textDecorationThickness: '2px' },
});

export type TextLinkProps = LinkProps;

/** An in-app text link. For full-page or external links use <a css={textLinkStyles}>. */
export function TextLink(props: TextLinkProps) {
  return <Link css={textLinkStyles} {...props} />;
}
