import { cn } from '@/client/lib/utils';

/**
 * A news body, a Q&A answer or the editor's preview: HTML that the server sanitised when it was
 * saved (or previewed) with one allowlist (src/server/modules/content/news-html.ts), styled here.
 */
export function NewsBody({ html, language, className }: { html: string; language?: string; className?: string }) {
  return (
    <div
      lang={language}
      className={cn(
        'space-y-4 leading-relaxed break-words [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_blockquote]:border-l-4 [&_blockquote]:border-border [&_blockquote]:pl-4 [&_blockquote]:text-muted-foreground [&_h2]:pt-2 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:text-lg [&_h3]:font-semibold [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-md [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6',
        className,
      )}
      // Sanitised on the server with the news allowlist before it was stored or previewed.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
