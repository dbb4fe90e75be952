import { Line, type Icon } from './icon.tsx';

/** The app's line icons (navigation, actions, states): 20 px by default, decorative only. */

export const IconDashboard: Icon = (p) => (
  <Line {...p}>
    <rect x="3.5" y="3.5" width="7" height="9" rx="1.5" />
    <rect x="13.5" y="3.5" width="7" height="5" rx="1.5" />
    <rect x="13.5" y="11.5" width="7" height="9" rx="1.5" />
    <rect x="3.5" y="15.5" width="7" height="5" rx="1.5" />
  </Line>
);

export const IconChat: Icon = (p) => (
  <Line {...p}>
    <path d="M20 12.5a7.5 7.5 0 0 1-11.1 6.6L4 20l1-4.4A7.5 7.5 0 1 1 20 12.5Z" />
    <path d="M9 11h6M9 14h4" />
  </Line>
);

export const IconAgents: Icon = (p) => (
  <Line {...p}>
    <rect x="5" y="8" width="14" height="11" rx="3" />
    <path d="M12 8V4.5M10 4.5h4" />
    <circle cx="9.5" cy="13" r="1" />
    <circle cx="14.5" cy="13" r="1" />
    <path d="M3 12.5v2M21 12.5v2" />
  </Line>
);

export const IconTryOn: Icon = (p) => (
  <Line {...p}>
    <path d="M12 7.5a2 2 0 1 1 2-2" />
    <path d="M12 7.5v1.2L3.6 14.2a1.4 1.4 0 0 0 .8 2.6h15.2a1.4 1.4 0 0 0 .8-2.6L12 8.7" />
  </Line>
);

export const IconBody: Icon = (p) => (
  <Line {...p}>
    <circle cx="12" cy="4.8" r="2" />
    <path d="M7 9.5c1.6.7 3.2 1 5 1s3.4-.3 5-1" />
    <path d="M10 10.4 9.5 15l-1 6M14 10.4l.5 4.6 1 6M9.5 15h5" />
  </Line>
);

export const IconHair: Icon = (p) => (
  <Line {...p}>
    <circle cx="6.5" cy="17.5" r="2.5" />
    <circle cx="17.5" cy="17.5" r="2.5" />
    <path d="M8.3 15.7 18 4M15.7 15.7 6 4" />
  </Line>
);

export const IconVideo: Icon = (p) => (
  <Line {...p}>
    <rect x="3" y="5.5" width="13" height="13" rx="2" />
    <path d="m16 10.5 5-3v9l-5-3" />
    <path d="m8 9.5 4 2.5-4 2.5Z" />
  </Line>
);

export const IconEdit: Icon = (p) => (
  <Line {...p}>
    <path d="m4 20 10.5-10.5M14.5 6.5l3 3" />
    <path d="m13 8 3-3 3 3-3 3" />
    <path d="M6 3.5v3M4.5 5h3M19 14.5v3M17.5 16h3" />
  </Line>
);

export const IconUpscale: Icon = (p) => (
  <Line {...p}>
    <path d="M14 4h6v6M10 20H4v-6" />
    <path d="m20 4-6.5 6.5M4 20l6.5-6.5" />
  </Line>
);

export const IconApi: Icon = (p) => (
  <Line {...p}>
    <path d="m8 7-5 5 5 5M16 7l5 5-5 5M13.5 5l-3 14" />
  </Line>
);

export const IconAssets: Icon = (p) => (
  <Line {...p}>
    <rect x="3.5" y="5" width="14" height="12" rx="2" />
    <path d="M6.5 20h12a2 2 0 0 0 2-2V8" />
    <path d="m3.5 14 4-3.5 3.5 3 2.5-2 4 3.5" />
    <circle cx="13" cy="8.5" r="1" />
  </Line>
);

export const IconPricing: Icon = (p) => (
  <Line {...p}>
    <path d="M3.5 12.6V4.5a1 1 0 0 1 1-1h8.1l8 8a1.4 1.4 0 0 1 0 2l-7.1 7.1a1.4 1.4 0 0 1-2 0Z" />
    <circle cx="8" cy="8" r="1.3" />
  </Line>
);

export const IconHistory: Icon = (p) => (
  <Line {...p}>
    <path d="M3.5 12a8.5 8.5 0 1 0 2.5-6" />
    <path d="M3.5 3.5V7H7M12 7.5V12l3 2" />
  </Line>
);

export const IconSettings: Icon = (p) => (
  <Line {...p}>
    <circle cx="12" cy="12" r="3" />
    <path d="M12 2.8v2.4M12 18.8v2.4M21.2 12h-2.4M5.2 12H2.8M18.5 5.5l-1.7 1.7M7.2 16.8l-1.7 1.7M18.5 18.5l-1.7-1.7M7.2 7.2 5.5 5.5" />
  </Line>
);

export const IconHelp: Icon = (p) => (
  <Line {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M9.6 9.4a2.5 2.5 0 1 1 3.4 2.3c-.6.3-1 .8-1 1.5v.6" />
    <path d="M12 16.8v.2" />
  </Line>
);

export const IconLogout: Icon = (p) => (
  <Line {...p}>
    <path d="M14 4.5H6.5a2 2 0 0 0-2 2v11a2 2 0 0 0 2 2H14" />
    <path d="M10 12h10.5M17 8.5l3.5 3.5-3.5 3.5" />
  </Line>
);

export const IconMenu: Icon = (p) => (
  <Line {...p}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Line>
);

export const IconClose: Icon = (p) => (
  <Line {...p}>
    <path d="m6 6 12 12M18 6 6 18" />
  </Line>
);

export const IconChevronDown: Icon = (p) => (
  <Line {...p}>
    <path d="m6 9 6 6 6-6" />
  </Line>
);

export const IconChevronUpDown: Icon = (p) => (
  <Line {...p}>
    <path d="m8 9 4-4 4 4M8 15l4 4 4-4" />
  </Line>
);

export const IconArrowRight: Icon = (p) => (
  <Line {...p}>
    <path d="M4.5 12h15M14 6.5l5.5 5.5-5.5 5.5" />
  </Line>
);

export const IconUser: Icon = (p) => (
  <Line {...p}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4.5 20.5a7.5 7.5 0 0 1 15 0" />
  </Line>
);

export const IconShield: Icon = (p) => (
  <Line {...p}>
    <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.2 7.5 9.5 4.3-1.3 7.5-4.9 7.5-9.5V6Z" />
    <path d="m9 12 2 2 4-4" />
  </Line>
);

export const IconLock: Icon = (p) => (
  <Line {...p}>
    <rect x="5" y="10.5" width="14" height="10" rx="2" />
    <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5M12 14.5v2" />
  </Line>
);

export const IconCheck: Icon = (p) => (
  <Line {...p}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </Line>
);

export const IconAlert: Icon = (p) => (
  <Line {...p}>
    <path d="M10.3 4.2 2.9 17.5A2 2 0 0 0 4.6 20.5h14.8a2 2 0 0 0 1.7-3L13.7 4.2a2 2 0 0 0-3.4 0Z" />
    <path d="M12 9.5v4.5M12 17.2v.1" />
  </Line>
);

export const IconRefresh: Icon = (p) => (
  <Line {...p}>
    <path d="M20 12a8 8 0 1 1-2.3-5.7" />
    <path d="M20 4v4.5h-4.5" />
  </Line>
);

export const IconHome: Icon = (p) => (
  <Line {...p}>
    <path d="m3.5 11 8.5-7 8.5 7" />
    <path d="M5.5 9.5V20h13V9.5M10 20v-5.5h4V20" />
  </Line>
);

export const IconDevices: Icon = (p) => (
  <Line {...p}>
    <rect x="2.5" y="4" width="15" height="11" rx="1.5" />
    <path d="M6.5 19h7M10 15v4" />
    <rect x="15.5" y="9" width="6" height="11" rx="1.5" />
  </Line>
);

export const IconPhone: Icon = (p) => (
  <Line {...p}>
    <rect x="7" y="2.5" width="10" height="19" rx="2" />
    <path d="M11 18.5h2" />
  </Line>
);

export const IconSparkle: Icon = (p) => (
  <Line {...p}>
    <path d="M12 3.5 13.8 10l6.7 2-6.7 2L12 20.5 10.2 14l-6.7-2 6.7-2Z" />
  </Line>
);
