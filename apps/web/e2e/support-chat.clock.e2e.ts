import { CHAT_CANNED_REPLIES } from '@namebourse/contract';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { nicknameFor, passwordFor, registerThroughPage, uniqueEmail } from './accounts.ts';
import { horizontalOverflow, openContext } from './browser.ts';
import { stopwatch } from './domains-journey.ts';
import { assertNoPageProblems, checkBeforeLeaving } from './guard.ts';
import { escapeRegExp, exact, PAIRED_CASES, pageShot, shown, texts, useBrowser, viewportShot } from './journey.ts';
import { agentOnDesk, chatNetwork, chatTexts, intoSupportHours, pngImage } from './support-chat-journey.ts';

/**
 * The customer-service chat (issue 18) as a user and an agent go through it, inside the support hours (the
 * server's clock is moved to a weekday morning in UTC+8 when it is not): a new user opens the chat from the
 * console's chat button — a window of its own — and asks a question. In another browser the support agent takes
 * it from the queue at /admin/support and answers with a canned reply, which the user sees at once; the user sees
 * 'typing…' while the agent types, and sends a screenshot the agent then sees. The user's connection drops while
 * the agent answers and while the user writes: once back online the user sees the agent's answer exactly once and
 * the agent the user's message exactly once. The agent closes the conversation with a note; the user's window
 * says it has ended. Each language at 390 and 1440 px.
 */

/** The messages of a chat log whose text is exactly `body`. */
function bubbles(log: Locator, body: string): Locator {
  return log.getByTestId('chat-message').filter({ has: log.page().getByText(body, { exact: true }) });
}

/** A RegExp for a text with `{{placeholders}}` (any text in their place). */
function templatePattern(template: string): RegExp {
  return new RegExp(`^${escapeRegExp(template).replace(/\\\{\\\{\w+\\\}\\\}/g, '.+')}$`);
}

/** Whether the element lies wholly within the span across (the screen, a pane): nothing cut off at either side. */
async function within(locator: Locator, span: { x: number; width: number } | null): Promise<boolean> {
  const box = await locator.boundingBox();
  if (!box || !span) return false;
  return box.x >= span.x - 0.5 && box.x + box.width <= span.x + span.width + 0.5;
}

/** Whether the image has loaded (its bytes arrived and decoded). */
function loaded(image: Locator): Promise<boolean> {
  return image.evaluate((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0);
}

describe('customer-service chat: a user and an agent, an image, a dropped connection', () => {
  const browser = useBrowser();

  for (const c of PAIRED_CASES) {
    it(`chats with an agent across a reconnect (${c.label})`, { timeout: 300_000 }, async () => {
      const t = texts(c.lang);
      const ct = chatTexts(c.lang);
      const lap = stopwatch(c.label);
      const stamp = Date.now().toString(36).slice(-5);
      const account = {
        email: uniqueEmail(`chat${c.width}`),
        password: passwordFor('chat'),
        nickname: nicknameFor(c.lang, stamp),
      };
      const question =
        c.lang === 'zh-CN'
          ? `我的充值还没有到账，能帮我看看吗？（${stamp}）`
          : `My top-up has not arrived yet, can you check? (${stamp})`;
      const whileAway =
        c.lang === 'zh-CN' ? `稍等，我在查转账记录 ${stamp}` : `One moment, I am checking the transfer ${stamp}`;
      const offlineNote =
        c.lang === 'zh-CN'
          ? `网络断了，我截图已经发了 ${stamp}`
          : `My network dropped, the screenshot is sent ${stamp}`;
      const imageName = `transfer-${stamp}.png`;
      const canned = CHAT_CANNED_REPLIES.find((r) => r.id === 'greeting');
      if (!canned) throw new Error('no greeting canned reply');

      await intoSupportHours();
      lap('clock in support hours');

      const userContext = await openContext(browser(), c);
      let agentContext: BrowserContext | undefined;
      const page = await userContext.newPage();
      let chat: Page | undefined;
      let desk: Page | undefined;
      try {
        const network = await chatNetwork(userContext);
        await registerThroughPage(page, t, account, '/console/order/list');
        lap('user registered');

        // ---- the user opens the chat from the console's chat button: a window of its own ----
        const fab = await shown(page.getByRole('button', { name: exact(ct('support-chat:button.label')) }));
        const [popup] = await Promise.all([page.waitForEvent('popup'), fab.click()]);
        chat = popup;
        await chat.waitForURL((url) => url.pathname === '/support/chat');
        // The message log is empty (and so of no height) until the first message.
        const userLog = chat.getByRole('log', { name: ct('support-chat:chat.logLabel') });
        await shown(chat.getByText(ct('support-chat:chat.empty'), { exact: true }));
        // The header greets the user by the nickname the window was opened with, then says how the chat stands.
        const greeting = ct('support-chat:header.greeting', { name: account.nickname });
        const statusLine = chat.getByTestId('chat-status-line');
        const standing = () => statusLine.innerText();
        const field = await shown(chat.getByRole('textbox', { name: ct('support-chat:composer.label') }));
        await expect.poll(standing).toBe(`${greeting} · ${ct('support-chat:header.waiting')}`);
        await shown(chat.getByText(ct('support-chat:connection.open'), { exact: true }));
        await field.fill(question);
        await field.press('Enter');
        await shown(bubbles(userLog, question));
        expect(await field.inputValue()).toBe('');
        expect(await horizontalOverflow(chat)).toBe(0);
        await pageShot(chat, `support-chat-user-window-${c.label}`);
        // The rest at the case's width: the window maximised, or the tab a phone opens it in.
        await chat.setViewportSize(c.phone ? { width: c.width, height: 844 } : { width: c.width, height: 900 });
        expect(await horizontalOverflow(chat)).toBe(0);
        lap('user asked');

        // ---- the agent takes it from the queue ----
        const agent = await agentOnDesk(browser(), c, t);
        agentContext = agent.context;
        desk = agent.page;
        const take = await shown(
          desk.getByRole('button', { name: exact(ct('admin-support:queue.claimNamed', { name: account.nickname })) }),
        );
        await pageShot(desk, `support-desk-queue-${c.label}`);
        // The waiting conversation's card fits its pane: its 'Take' button is whole, not cut off at the pane's edge.
        const listPane = desk.getByRole('region', { name: ct('admin-support:panes.list'), exact: true });
        expect.soft(await within(take, await listPane.boundingBox()), "the queue's 'Take' button is whole").toBe(true);
        await take.click();
        const pane = await shown(
          desk.getByRole('region', { name: ct('admin-support:chat.label', { name: account.nickname }) }),
        );
        const agentLog = pane.getByRole('log', { name: ct('admin-support:chat.log', { name: account.nickname }) });
        await shown(bubbles(agentLog, question));
        // The window's header names the agent who took it.
        await expect.poll(standing).toMatch(templatePattern(`${greeting} · ${ct('support-chat:header.agent')}`));
        lap('agent took it');

        // ---- a canned reply, in the customer's language, arrives live ----
        await pane.getByRole('button', { name: exact(ct('admin-support:canned.button')) }).click();
        const menu = await shown(desk.getByRole('menu', { name: ct('admin-support:canned.menu') }));
        await viewportShot(desk, `support-desk-canned-${c.label}`);
        expect
          .soft(await within(menu, { x: 0, width: c.width }), 'the canned replies menu is on the screen')
          .toBe(true);
        await menu
          .getByRole('menuitem')
          .filter({ hasText: ct('admin-support:canned.titles.greeting') })
          .first()
          .click();
        await menu.waitFor({ state: 'detached' });
        const reply = pane.getByRole('textbox', { name: ct('support-chat:composer.label') });
        expect(await reply.inputValue()).toBe(canned[c.lang]);
        await pane.getByRole('button', { name: exact(ct('support-chat:composer.send')) }).click();
        await shown(bubbles(agentLog, canned[c.lang]));
        await shown(bubbles(userLog, canned[c.lang]));
        lap('canned reply seen');

        // ---- the user sends a screenshot; the agent sees the image ----
        const [chooser] = await Promise.all([
          chat.waitForEvent('filechooser'),
          chat.getByRole('button', { name: exact(ct('support-chat:composer.attach')) }).click(),
        ]);
        await chooser.setFiles({ name: imageName, mimeType: 'image/png', buffer: pngImage() });
        await shown(chat.getByRole('img', { name: ct('support-chat:composer.previewAlt', { name: imageName }) }));
        await chat.getByRole('button', { name: exact(ct('support-chat:composer.send')) }).click();
        const userImage = await shown(
          userLog.getByRole('img', { name: ct('support-chat:chat.imageAlt', { name: imageName }) }),
        );
        await expect.poll(() => loaded(userImage), { timeout: 15_000 }).toBe(true);
        const agentImage = await shown(
          agentLog.getByRole('img', { name: ct('support-chat:chat.imageAlt', { name: imageName }) }),
        );
        await expect.poll(() => loaded(agentImage), { timeout: 15_000 }).toBe(true);
        expect(await horizontalOverflow(desk)).toBe(0);
        await pageShot(desk, `support-desk-image-${c.label}`);
        lap('image seen by the agent');

        // ---- the agent types: the user sees it ----
        await reply.pressSequentially(whileAway, { delay: 20 });
        await shown(chat.getByRole('status').filter({ hasText: ct('support-chat:chat.agentTyping') }));
        expect(await horizontalOverflow(chat)).toBe(0);
        await pageShot(chat, `support-chat-user-typing-${c.label}`);
        lap('typing seen');

        // ---- the user's connection drops; the agent sends; the user writes meanwhile ----
        await network.drop();
        await shown(chat.getByRole('button', { name: exact(ct('support-chat:connection.reconnectNow')) }));
        await reply.press('Enter');
        await shown(bubbles(agentLog, whileAway));
        const userField = chat.getByRole('textbox', { name: ct('support-chat:composer.label') });
        await userField.fill(offlineNote);
        await userField.press('Enter');
        const pending = await shown(chat.getByTestId('chat-pending').filter({ hasText: offlineNote }));
        expect(await bubbles(userLog, whileAway).count()).toBe(0);
        await pageShot(chat, `support-chat-user-offline-${c.label}`);
        lap('offline');

        await network.restore();
        // Coming back online reconnects at once (the 'online' event); the button is there should it not.
        const now = chat.getByRole('button', { name: exact(ct('support-chat:connection.reconnectNow')) });
        if (await now.isVisible()) await now.click({ timeout: 2_000 }).catch(() => undefined);
        await shown(chat.getByText(ct('support-chat:connection.open'), { exact: true }));
        await shown(bubbles(userLog, whileAway));
        await pending.waitFor({ state: 'detached' });
        await shown(bubbles(userLog, offlineNote));
        await shown(bubbles(agentLog, offlineNote));
        // Exactly once on each side, in the order they were sent.
        for (const body of [question, canned[c.lang], whileAway, offlineNote]) {
          expect(await bubbles(userLog, body).count(), body).toBe(1);
          expect(await bubbles(agentLog, body).count(), body).toBe(1);
        }
        expect(
          await userLog.getByRole('img', { name: ct('support-chat:chat.imageAlt', { name: imageName }) }).count(),
        ).toBe(1);
        const order = await userLog.getByTestId('chat-message').allInnerTexts();
        const at = (body: string) => order.findIndex((text) => text.includes(body));
        expect(at(question)).toBeLessThan(at(canned[c.lang]));
        expect(at(canned[c.lang])).toBeLessThan(at(whileAway));
        // The agent's message ended their 'typing…'.
        await chat
          .getByRole('status')
          .filter({ hasText: ct('support-chat:chat.agentTyping') })
          .waitFor({ state: 'detached' });
        lap('reconnected, each message once');

        // ---- the agent closes with a note; the user's window says it has ended ----
        await pane.getByRole('button', { name: exact(ct('admin-support:chat.close')) }).click();
        const dialog = await shown(desk.getByRole('dialog', { name: ct('admin-support:close.title') }));
        const note =
          c.lang === 'zh-CN'
            ? '充值延迟，已说明到账时间。'
            : 'Top-up delay explained; the screenshot showed the transfer.';
        await dialog.getByRole('textbox', { name: new RegExp(`^${ct('admin-support:close.note')}`) }).fill(note);
        await viewportShot(desk, `support-desk-close-${c.label}`);
        await dialog.getByRole('button', { name: exact(ct('admin-support:close.confirm')) }).click();
        await dialog.waitFor({ state: 'detached' });
        await shown(desk.getByText(ct('admin-support:close.done'), { exact: true }));
        expect(await horizontalOverflow(desk)).toBe(0);
        await pageShot(desk, `support-desk-closed-${c.label}`);

        await shown(chat.getByText(ct('support-chat:closed.body'), { exact: true }));
        // The note is for the transcript: the user never sees it.
        expect(await chat.getByText(note).count()).toBe(0);
        await expect.poll(standing).toBe(`${greeting} · ${ct('support-chat:header.closed')}`);
        await shown(chat.getByRole('button', { name: exact(ct('support-chat:closed.startNew')) }));
        expect(await chat.getByRole('textbox', { name: ct('support-chat:composer.label') }).count()).toBe(0);
        expect(await horizontalOverflow(chat)).toBe(0);
        await pageShot(chat, `support-chat-user-closed-${c.label}`);
        for (const p of [chat, desk]) {
          await checkBeforeLeaving(p);
          assertNoPageProblems(p);
        }
        lap('closed');
      } catch (error) {
        if (chat) await pageShot(chat, `support-chat-failed-user-${c.label}`).catch(() => undefined);
        if (desk) await pageShot(desk, `support-chat-failed-desk-${c.label}`).catch(() => undefined);
        await pageShot(page, `support-chat-failed-console-${c.label}`).catch(() => undefined);
        throw error;
      } finally {
        await userContext.close();
        await agentContext?.close();
      }
    });
  }
});
