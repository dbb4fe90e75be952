import type { ReactNode } from 'react';

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

/** VietQR, the bank-transfer QR standard (payOS). */
export function VietQrMark(props: MarkProps) {
  return (
    <Mark {...props}>
      <text x="28" y="22.5" textAnchor="middle" fontFamily="Arial, Helvetica, sans-serif" fontSize="12" fontWeight="800">
        <tspan fill="#da251d">Viet</tspan>
        <tspan fill="#005baa">QR</tspan>
      </text>
    </Mark>
  );
}
