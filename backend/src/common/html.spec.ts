import { html } from './html';

describe(html.name, () => {
  it('escapes interpolated user text and keeps the template markup', () => {
    const sut = html`<strong>${'<script>alert("x")</script>'}</strong> & ${"O'Neil"}`;
    expect(sut).toBe('<strong>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</strong> & O&#39;Neil');
  });
});
