/** The help centre's Markdown renderer is shared (the operator console previews announcements with it). */
export { ANCHOR_OFFSET, MarkdownView, scrollToAnchor } from '../../../components/markdown-view.tsx';
