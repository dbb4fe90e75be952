import type { IconProps } from './icon.tsx';

interface SpriteIconProps extends IconProps {
  /** The sprite file under public/, e.g. /images/social.svg. */
  sprite: string;
  /** The id of the symbol in it. */
  symbol: string;
}

/**
 * An icon drawn from a sprite file instead of the page's JavaScript: for a set of icons a page
 * shows all at once (the footer's social networks), one cached request costs less than a module
 * an icon. The symbols draw in currentColor, so the icon takes its colour from the text around it.
 */
export function SpriteIcon({ sprite, symbol, size = 24, ...rest }: SpriteIconProps) {
  return (
    <svg width={size} height={size} aria-hidden="true" focusable="false" {...rest}>
      <use href={`${sprite}#${symbol}`} />
    </svg>
  );
}
