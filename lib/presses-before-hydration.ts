/**
 * Presses made before the page is interactive are kept and carried out once it is
 * (components/layout/presses-before-hydration.tsx renders this in <head>).
 *
 * Why: the server HTML shows every control at once, but a control whose press is handled by React
 * (a button, a card that opens its dialog, a form sent by script) does nothing until React has
 * loaded and hydrated it. React replays the presses that arrive while it is hydrating, but nothing
 * catches those that arrive before its code has run: on a phone that is the first second or two
 * after the page is painted, when a shopper is most likely to press. No library does this for
 * React (Angular's event replay, JSAction, is part of Angular), so it is written here, as small
 * as it can be, and runs before anything is painted.
 *
 * What is kept (a plain press: primary button, no modifier key):
 * - a press on a `<button>` that React has not hydrated yet, unless the button works by itself
 *   (a submit button of a form with an `action`, or one that opens a popover or a command);
 * - a press on an element marked with HOLD_PRESS_ATTRIBUTE (a card that opens its dialog; its
 *   title link, which navigates without JavaScript but opens the dialog with it);
 * - the submission of a form without an `action` (it is sent by script; the browser would put
 *   its fields in the address instead);
 * - text typed into a field before it is hydrated: React keeps the typed text on screen but its
 *   state does not know it, so the field's change is told to React once it is hydrated. The text
 *   told is the one typed, kept as it was typed, not read back from the field: telling one field
 *   re-renders its form, and React then puts its state's empty text into the fields not told yet,
 *   or not yet hydrated (telling a field can make React finish hydrating the page at once). Each
 *   field is told as soon as it is hydrated, checked again after every field told. A field's
 *   change is told as React sees a typed one: its text set through the element (which React's
 *   value tracking records) to anything else, then through the prototype's setter (which it does
 *   not), then an input event.
 *   Typing that React refuses (below) is kept and told the same way. Typed text is also told
 *   before React handles any press or typing, the field being typed included: otherwise the
 *   form it re-renders would lose it.
 * Links, fields and everything else work as the browser makes them work, and are left alone.
 *
 * Each kept press is carried out in order once its element is hydrated, which React shows by the
 * props it puts on the element (the one part of React's inner workings used here; the end-to-end
 * presses-at-once spec fails if React ever changes it). React puts them there as it renders, before
 * the part of the page they are in is committed; a press that arrives in between is one React
 * refuses: it stops the event at the document, acting on nothing and preventing nothing, and a
 * link would be followed. So every press on an element React has props for is watched from a
 * listener added after React's own, and one it refused is kept and tried again, like a submission
 * of a form without an `action` that no handler prevented. A second press of the same element
 * before it is carried out counts once, so a menu pressed twice opens rather than opening and
 * closing again. A press whose element was re-rendered elsewhere is found again by its place and
 * name. Its place does not count the `<template>` that marks a streamed Suspense boundary: React
 * removes it with the fallback when the boundary's content arrives, and a press on the fallback
 * (the header's controls, until its navigation has streamed in) must find the same control in the
 * content, which then shows the waiting cursor in its place (`:nth-child(… of …)`, Selectors
 * Level 4; a browser without it drops the press, as before). One whose page never becomes
 * interactive (its scripts failed) is dropped after HELD_PRESS_LIMIT_MS. While a press waits, the
 * pressed element carries HELD_PRESS_ATTRIBUTE, which shows a waiting cursor.
 *
 * A constant, so the Content-Security-Policy allows it by its hash (lib/http/security-headers.ts).
 */
import { HELD_PRESS_ATTRIBUTE, HOLD_PRESS_ATTRIBUTE } from './hold-press';

/** The longest a press waits for its element to be hydrated. */
export const HELD_PRESS_LIMIT_MS = 15_000;
/** How often waiting presses check whether their element is hydrated. */
const CHECK_EVERY_MS = 50;

/**
 * `hydrated(element)`: whether React has hydrated `element` (the props it puts on it). Also what
 * `npm run bench` checks in the page (scripts/support/press-timing.ts).
 */
export const HYDRATED_FUNCTION = `function hydrated(element) {
  var keys = Object.keys(element);
  for (var i = 0; i < keys.length; i++) if (keys[i].indexOf('__reactProps$') === 0) return true;
  return false;
}`;

const SOURCE = `
(function () {
  var held = [], typed = [], timer = 0, replaying = null, telling = null;
  var CONTROL = 'a[href],button,input,select,textarea,label,summary,[${HOLD_PRESS_ATTRIBUTE}]';

  ${HYDRATED_FUNCTION}
  function name(element) {
    return element.tagName + '|' + (element.id || element.getAttribute('aria-label') || element.textContent.trim().slice(0, 80));
  }
  function place(element) {
    var steps = [];
    for (; element && element !== document.body; element = element.parentElement) {
      var index = 1;
      for (var sibling = element.previousElementSibling; sibling; sibling = sibling.previousElementSibling) if (sibling.tagName !== 'TEMPLATE') index++;
      steps.unshift(element.tagName + ':nth-child(' + index + ' of :not(template))');
    }
    return steps.length ? 'body>' + steps.join('>') : 'body';
  }
  function current(press) {
    if (press.element.isConnected) return press.element;
    var found = null;
    try { found = document.querySelector(press.place); } catch (error) {}
    return found && name(found) === press.name ? found : null;
  }
  function pressed(event) {
    if (event.type === 'submit') return event.target.hasAttribute('action') ? null : event.target;
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return null;
    var element = event.target.closest && event.target.closest(CONTROL);
    if (!element) return null;
    if (element.tagName !== 'BUTTON') return element.hasAttribute('${HOLD_PRESS_ATTRIBUTE}') ? element : null;
    if (element.disabled || element.hasAttribute('popovertarget') || element.hasAttribute('commandfor')) return null;
    if (element.type === 'submit' && element.form && element.form.hasAttribute('action')) return null;
    return element;
  }
  function hold(event, element) {
    event.preventDefault();
    event.stopImmediatePropagation();
    element.setAttribute('${HELD_PRESS_ATTRIBUTE}', '');
    if (replaying) return held.unshift(replaying);
    for (var i = 0; i < held.length; i++) if (held[i].element === element) return;
    held.push({ element: element, place: place(element), name: name(element), submit: event.type === 'submit', at: Date.now() });
    schedule();
  }
  function watchReact(type) {
    document.removeEventListener(type, refused, true);
    document.addEventListener(type, refused, true);
  }
  function refused(event) {
    if (!event.cancelBubble) return;
    if (event === telling) return (telling = null);
    if (event.type === 'input') return keep(event.target);
    var element = pressed(event);
    if (element) hold(event, element);
  }
  function before(event) {
    if (typed.length) tellTyped();
    var element = pressed(event);
    if (!element) return;
    if (!hydrated(element)) return hold(event, element);
    watchReact(event.type);
  }
  function unsent(event) {
    var form = event.defaultPrevented ? null : pressed(event);
    if (form) hold(event, form);
  }
  function tellTyped() {
    var waiting = typed;
    typed = [];
    waiting.forEach(function (entry) {
      var field = entry.field, value = entry.text;
      if (!field.isConnected) return;
      if (!hydrated(field)) return typed.push(entry);
      if (value === field.defaultValue) return;
      field.value = value === '' ? ' ' : '';
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value').set.call(field, value);
      telling = new Event('input', { bubbles: true });
      watchReact('input');
      field.dispatchEvent(telling);
      if (telling === null) typed.push(entry);
      telling = null;
    });
  }
  function follow(press) {
    var element = current(press);
    if (!element || element === press.element) return;
    press.element.removeAttribute('${HELD_PRESS_ATTRIBUTE}');
    element.setAttribute('${HELD_PRESS_ATTRIBUTE}', '');
    press.element = element;
  }
  function schedule() {
    timer = timer || setInterval(check, ${CHECK_EVERY_MS});
  }
  function check() {
    tellTyped();
    held.forEach(follow);
    while (held.length) {
      var press = held[0], element = current(press);
      var ready = element && hydrated(element), expired = Date.now() - press.at >= ${HELD_PRESS_LIMIT_MS};
      if (!ready && !expired) break;
      held.shift();
      press.element.removeAttribute('${HELD_PRESS_ATTRIBUTE}');
      if (!ready || expired) continue;
      replaying = press;
      if (press.submit) element.requestSubmit();
      else element.click();
      replaying = null;
      if (held[0] === press) break;
    }
    if (held.length || typed.length) return schedule();
    clearInterval(timer);
    timer = 0;
  }

  addEventListener('click', before, true);
  addEventListener('submit', before, true);
  addEventListener('submit', unsent);
  function keep(field) {
    for (var i = 0; i < typed.length; i++) if (typed[i].field === field) return (typed[i].text = field.value);
    typed.push({ field: field, text: field.value });
    schedule();
  }
  addEventListener('input', function (event) {
    var field = event.target;
    if (!('defaultValue' in field) || event === telling) return;
    if (!hydrated(field)) return keep(field);
    if (typed.length) {
      keep(field);
      tellTyped();
    }
    watchReact('input');
  }, true);
})()`;

/** The script, on as few bytes as it can be sent in (it is in every page's <head>). */
export const PRESSES_BEFORE_HYDRATION_SCRIPT = SOURCE.trim()
  .split('\n')
  .map((line) => line.trim())
  .join('');
