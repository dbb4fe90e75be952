/** Contact details of the company behind Atelier, shown in the footer and on /about. */
export const COMPANY = {
  legalName: 'Atelier Studio',
  email: 'hello@atelier.vn',
  phone: '+84 28 3822 6868',
  /** The same number in the form a tel: link wants. */
  phoneHref: 'tel:+842838226868',
  /**
   * The trader's identity a sales website must publish (Decree 52/2013/ND-CP, art. 29; Law
   * 19/2023/QH15, art. 37), as the legal pages (content/site/*.md) state it. The same values are
   * the receipts' SELLER_* defaults (server/billing/config.ts): change both together.
   */
  registeredName: 'Công ty TNHH Atelier Studio',
  address: '72 Lê Thánh Tôn, Phường Sài Gòn, TP. Hồ Chí Minh, Việt Nam',
  /** The enterprise code, which is also the tax code (mã số doanh nghiệp / mã số thuế). */
  taxCode: '0318123456',
  /** Payments, refunds and invoices (the receipts' SELLER_EMAIL). */
  billingEmail: 'billing@atelier.vn',
} as const;

export interface SocialLink {
  /** The network's brand name, not translated. */
  network: string;
  href: string;
  /** Its symbol in SOCIAL_SPRITE. */
  symbol: string;
}

/** The networks' marks, one sprite file (public/images/social.svg). */
export const SOCIAL_SPRITE = '/images/social.svg';

/** docs/product-rules.md#footer: Facebook, Instagram, LinkedIn, Pinterest, TikTok, X, YouTube. */
export const SOCIAL_LINKS: readonly SocialLink[] = [
  { network: 'Facebook', href: 'https://www.facebook.com/atelier.studio.vn', symbol: 'facebook' },
  { network: 'Instagram', href: 'https://www.instagram.com/atelier.studio.vn', symbol: 'instagram' },
  { network: 'LinkedIn', href: 'https://www.linkedin.com/company/atelier-studio-vn', symbol: 'linkedin' },
  { network: 'Pinterest', href: 'https://www.pinterest.com/atelierstudiovn', symbol: 'pinterest' },
  { network: 'TikTok', href: 'https://www.tiktok.com/@atelier.studio.vn', symbol: 'tiktok' },
  { network: 'X', href: 'https://x.com/atelierstudiovn', symbol: 'x' },
  { network: 'YouTube', href: 'https://www.youtube.com/@atelierstudiovn', symbol: 'youtube' },
];
