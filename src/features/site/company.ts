import { FacebookIcon } from '../../ui/icons/site/FacebookIcon.tsx';
import { InstagramIcon } from '../../ui/icons/site/InstagramIcon.tsx';
import { LinkedInIcon } from '../../ui/icons/site/LinkedInIcon.tsx';
import { PinterestIcon } from '../../ui/icons/site/PinterestIcon.tsx';
import { TikTokIcon } from '../../ui/icons/site/TikTokIcon.tsx';
import { XIcon } from '../../ui/icons/site/XIcon.tsx';
import { YouTubeIcon } from '../../ui/icons/site/YouTubeIcon.tsx';
import { type IconComponent } from '../../ui/icons/icon.tsx';

/** Contact details of the company behind Atelier, shown in the footer and on /about. */
export const COMPANY = {
  legalName: 'Atelier Studio',
  email: 'hello@atelier.vn',
  phone: '+84 28 3822 6868',
  /** The same number in the form a tel: link wants. */
  phoneHref: 'tel:+842838226868',
} as const;

export interface SocialLink {
  /** The network's brand name, not translated. */
  network: string;
  href: string;
  icon: IconComponent;
}

/** docs/product-rules.md#footer: Facebook, Instagram, LinkedIn, Pinterest, TikTok, X, YouTube. */
export const SOCIAL_LINKS: readonly SocialLink[] = [
  { network: 'Facebook', href: 'https://www.facebook.com/atelier.studio.vn', icon: FacebookIcon },
  { network: 'Instagram', href: 'https://www.instagram.com/atelier.studio.vn', icon: InstagramIcon },
  { network: 'LinkedIn', href: 'https://www.linkedin.com/company/atelier-studio-vn', icon: LinkedInIcon },
  { network: 'Pinterest', href: 'https://www.pinterest.com/atelierstudiovn', icon: PinterestIcon },
  { network: 'TikTok', href: 'https://www.tiktok.com/@atelier.studio.vn', icon: TikTokIcon },
  { network: 'X', href: 'https://x.com/atelierstudiovn', icon: XIcon },
  { network: 'YouTube', href: 'https://www.youtube.com/@atelierstudiovn', icon: YouTubeIcon },
];
