/**
 * What the blog's pages load only when a reader needs it: the comment thread, once the reader nears
 * a post's comments (./Comments.tsx), and the newsletter's sending, on the sign-up form's first
 * focus (./NewsletterForm.tsx). One chunk for both: they use the same schemas and API address as
 * the app, and the bundler keeps those in one file with the app's own only while one chunk of the
 * blog uses them (two would split that file, a tenth of a KB more on every studio).
 */
export { CommentThread } from './CommentThread.tsx';
export { subscribe } from './newsletter-send.ts';
