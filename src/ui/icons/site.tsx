import type { ReactNode } from 'react';
import { Fill, Stroke, type IconComponent } from './icon.tsx';

/** The public site's icons: services, contact, social networks and payment marks. */

// Interface

export const GlobeIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
  </Stroke>
);

export const ArrowRightIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </Stroke>
);

export const PlusIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <path d="M12 5v14M5 12h14" />
  </Stroke>
);

export const MailIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m4 7 8 6 8-6" />
  </Stroke>
);

export const PhoneIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <path d="M5 4h3.5l1.7 4.3-2.2 1.4a11 11 0 0 0 6.3 6.3l1.4-2.2L20 15.5V19a1 1 0 0 1-1 1A16 16 0 0 1 4 5a1 1 0 0 1 1-1z" />
  </Stroke>
);

export const MapPinIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </Stroke>
);

// Tools

export const HangerIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <path d="M10 6.5a2 2 0 1 1 2.9 1.8c-.6.3-.9.9-.9 1.5V10" />
    <path d="M12 10 3.4 16.2A1 1 0 0 0 4 18h16a1 1 0 0 0 .6-1.8z" />
  </Stroke>
);

export const WandIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <path d="m4 20 10.5-10.5M13 8l3 3" />
    <path d="M18 3v4M16 5h4M20 12v3M18.5 13.5h3M9 3v3M7.5 4.5h3" />
  </Stroke>
);

export const FigureIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <circle cx="12" cy="4.5" r="2" />
    <path d="M9 8.5h6l1.2 6H14l-.8 6.5h-2.4L10 14.5H7.8z" />
  </Stroke>
);

export const ScissorsIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <circle cx="6" cy="6" r="3" />
    <circle cx="6" cy="18" r="3" />
    <path d="M20 4 8.1 15.9M14.5 14.5 20 20M8.1 8.1 12 12" />
  </Stroke>
);

export const FilmIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <rect x="3" y="5" width="18" height="14" rx="2.5" />
    <path d="m10 9.2 4.8 2.8-4.8 2.8z" />
  </Stroke>
);

export const ExpandIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <path d="M14 4h6v6M10 20H4v-6M20 4l-6.5 6.5M4 20l6.5-6.5" />
  </Stroke>
);

// Steps

export const UploadIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <path d="M12 15V4M7.5 8.5 12 4l4.5 4.5M4 15v4a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-4" />
  </Stroke>
);

export const SlidersIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <path d="M4 7h9M17 7h3M4 17h3M11 17h9" />
    <circle cx="15" cy="7" r="2" />
    <circle cx="9" cy="17" r="2" />
  </Stroke>
);

export const SparkleIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <path d="M12 3.5 13.9 9l5.6 1.9-5.6 1.9L12 18.5l-1.9-5.7-5.6-1.9L10.1 9z" />
    <path d="M19 17v4M17 19h4" />
  </Stroke>
);

export const DownloadIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <path d="M12 4v11M7.5 10.5 12 15l4.5-4.5M4 20h16" />
  </Stroke>
);

export const ShieldIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <path d="M12 3 5 6v5.5c0 4.4 3 8.2 7 9.5 4-1.3 7-5.1 7-9.5V6z" />
    <path d="m9 12 2.2 2.2L15.5 10" />
  </Stroke>
);

export const EyeIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" />
    <circle cx="12" cy="12" r="3" />
  </Stroke>
);

export const ChatIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <path d="M4 5h16v11H9l-5 4z" />
    <path d="M8 9.5h8M8 12.5h5" />
  </Stroke>
);

export const StoreIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <path d="M4 9.5 5.5 4h13L20 9.5M4 9.5v10.5h16V9.5M4 9.5c0 1.4 1.1 2.5 2.7 2.5s2.6-1.1 2.6-2.5c0 1.4 1.1 2.5 2.7 2.5s2.7-1.1 2.7-2.5c0 1.4 1 2.5 2.6 2.5S20 10.9 20 9.5" />
    <path d="M10 20v-4.5h4V20" />
  </Stroke>
);

export const UserIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4.5 20.5c1-3.8 4-5.5 7.5-5.5s6.5 1.7 7.5 5.5" />
  </Stroke>
);

export const TagIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <path d="M3.5 12.2V4.5a1 1 0 0 1 1-1h7.7l8.3 8.3a1 1 0 0 1 0 1.4l-7 7a1 1 0 0 1-1.4 0z" />
    <circle cx="8" cy="8" r="1.5" />
  </Stroke>
);

// Social networks (simplified marks, drawn in the current text colour)

export const FacebookIcon: IconComponent = (p) => (
  <Fill {...p}>
    <path d="M13.6 21v-7.4h2.5l.4-3h-2.9V8.8c0-.9.3-1.5 1.5-1.5h1.6V4.6a21 21 0 0 0-2.3-.1c-2.3 0-3.9 1.4-3.9 4v2.1H8v3h2.5V21z" />
  </Fill>
);

export const InstagramIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
    <circle cx="12" cy="12" r="3.8" />
    <circle cx="17.2" cy="6.8" r="0.6" fill="currentColor" />
  </Stroke>
);

export const LinkedInIcon: IconComponent = (p) => (
  <Fill {...p}>
    <path d="M4.2 9.2h3.3V20H4.2zM5.9 3.8a1.9 1.9 0 1 1 0 3.8 1.9 1.9 0 0 1 0-3.8zM9.6 9.2h3.2v1.5c.5-.9 1.6-1.8 3.3-1.8 3.5 0 4.1 2.3 4.1 5.3V20h-3.3v-5.1c0-1.2 0-2.8-1.7-2.8s-2 1.3-2 2.7V20H9.6z" />
  </Fill>
);

export const PinterestIcon: IconComponent = (p) => (
  <Fill {...p}>
    <path d="M12 2.5a9.5 9.5 0 0 0-3.5 18.3c-.1-.8-.2-2 0-2.8l1.2-5s-.3-.6-.3-1.5c0-1.4.8-2.5 1.8-2.5.9 0 1.3.7 1.3 1.5 0 .9-.6 2.2-.9 3.4-.2 1 .5 1.9 1.6 1.9 1.9 0 3.3-2 3.3-4.9 0-2.6-1.8-4.4-4.5-4.4-3 0-4.8 2.3-4.8 4.6 0 .9.4 1.9.8 2.4l.1.4-.3 1.2c0 .2-.2.3-.4.2-1.3-.6-2.2-2.6-2.2-4.2 0-3.4 2.5-6.6 7.2-6.6 3.8 0 6.7 2.7 6.7 6.3 0 3.8-2.4 6.8-5.7 6.8-1.1 0-2.2-.6-2.5-1.3l-.7 2.6c-.3 1-1 2.2-1.4 2.9A9.5 9.5 0 1 0 12 2.5z" />
  </Fill>
);

export const TikTokIcon: IconComponent = (p) => (
  <Fill {...p}>
    <path d="M16.3 5.6A4.2 4.2 0 0 1 15.3 3h-3v12.2a2.5 2.5 0 1 1-2.5-2.5l.7.1V9.7a5.6 5.6 0 1 0 4.8 5.5V9a7.2 7.2 0 0 0 4.2 1.3V7.3a4.2 4.2 0 0 1-3.2-1.7z" />
  </Fill>
);

export const XIcon: IconComponent = (p) => (
  <Fill {...p}>
    <path d="M17.5 3.5h3l-6.6 7.5 7.7 9.5h-6l-4.7-6.1-5.4 6.1h-3l7-8-7.4-9h6.1l4.3 5.6zm-1 15.3h1.7L7.5 5.1H5.7z" />
  </Fill>
);

export const YouTubeIcon: IconComponent = (p) => (
  <Fill {...p}>
    <path
      fillRule="evenodd"
      d="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8A26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8c1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8zM10 15V9l5.2 3z"
    />
  </Fill>
);

// Payment marks: unlike the icons above they stand alone, so each carries its own name.

interface MarkProps {
  /** The accessible name, e.g. "Visa". */
  label: string;
  className?: string;
}

function Mark({ label, className, children }: MarkProps & { children: ReactNode }) {
  return (
    <svg viewBox="0 0 56 36" width="56" height="36" role="img" aria-label={label} className={className}>
      <rect x="0.5" y="0.5" width="55" height="35" rx="5" fill="#ffffff" stroke="#d9d6cf" />
      {children}
    </svg>
  );
}

export function VisaMark(props: MarkProps) {
  return (
    <Mark {...props}>
      <text
        x="28"
        y="23.5"
        textAnchor="middle"
        fontFamily="Arial, Helvetica, sans-serif"
        fontSize="15"
        fontStyle="italic"
        fontWeight="800"
        letterSpacing="0.5"
        fill="#1a1f71"
      >
        VISA
      </text>
    </Mark>
  );
}

export function MasterCardMark(props: MarkProps) {
  return (
    <Mark {...props}>
      <circle cx="23" cy="18" r="9" fill="#eb001b" />
      <circle cx="33" cy="18" r="9" fill="#f79e1b" />
      <path d="M28 10.5a9 9 0 0 1 0 15 9 9 0 0 1 0-15z" fill="#ff5f00" />
    </Mark>
  );
}

export function PayPalMark(props: MarkProps) {
  return (
    <Mark {...props}>
      <text x="28" y="22.5" textAnchor="middle" fontFamily="Arial, Helvetica, sans-serif" fontSize="12.5" fontStyle="italic" fontWeight="800">
        <tspan fill="#003087">Pay</tspan>
        <tspan fill="#009cde">Pal</tspan>
      </text>
    </Mark>
  );
}
