/**
 * What the form needs once the visitor starts writing, loaded on the first focus (a reader who
 * never writes never fetches it): the field and file checks, their messages, and the proof of
 * work with its SHA-256, and the view shown once the message is sent.
 */
export { contactFieldProblem } from '../../../../contract/contact-checks.ts';
export { admitFiles } from './files.ts';
export { contactText } from './messages.ts';
export { createProofOfWork } from './pow.ts';
export { SentView } from './SentView.tsx';
export { sendContact } from './send.ts';
