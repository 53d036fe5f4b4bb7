/** The look of rendered Markdown, both themes; the elements come from markdown-pipeline.ts. */
export const markdownClass = [
  'text-sm leading-relaxed break-words text-slate-700 dark:text-slate-200',
  '[&>*+*]:mt-2 [&_li+li]:mt-1 [&_:is(ul,ol,blockquote,table,pre)]:my-2',
  '[&_h1]:text-lg [&_h1]:font-semibold [&_h2]:text-base [&_h2]:font-semibold [&_:is(h3,h4,h5,h6)]:font-semibold',
  '[&_ul]:list-disc [&_ol]:list-decimal [&_:is(ul,ol)]:pl-5 [&_.contains-task-list]:list-none [&_.contains-task-list]:pl-1',
  '[&_input]:mr-1.5 [&_input]:align-middle [&_input]:accent-indigo-600',
  '[&_a]:text-indigo-700 [&_a]:underline [&_a]:underline-offset-2 dark:[&_a]:text-indigo-300',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3 [&_blockquote]:text-slate-600',
  'dark:[&_blockquote]:border-slate-600 dark:[&_blockquote]:text-slate-300',
  '[&_code]:rounded [&_code]:bg-slate-200/70 [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.85em]',
  'dark:[&_code]:bg-slate-700/70 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-200/70 [&_pre]:p-3',
  'dark:[&_pre]:bg-slate-800 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_table]:block [&_table]:overflow-x-auto [&_table]:border-collapse [&_:is(th,td)]:border',
  '[&_:is(th,td)]:border-slate-300 [&_:is(th,td)]:px-2 [&_:is(th,td)]:py-1 dark:[&_:is(th,td)]:border-slate-600',
  '[&_th]:bg-slate-100 [&_th]:font-semibold dark:[&_th]:bg-slate-800 [&_hr]:border-slate-300 dark:[&_hr]:border-slate-600',
  '[&_.mention]:rounded [&_.mention]:bg-indigo-100 [&_.mention]:px-1 [&_.mention]:font-medium',
  '[&_.mention]:text-indigo-800 dark:[&_.mention]:bg-indigo-900/60 dark:[&_.mention]:text-indigo-200',
].join(' ');
