/**
 * The language switch and the remembered language, in the head's first inline script (head-start.ts)
 * so they work before any module arrives. A page written in every language names its language and
 * lists itself in each on <html> (data-language, data-in-<code>: BaseLayout). A switch link carries
 * data-language-choice="<code>": its tap remembers the language in this browser and keeps the place:
 * the address's ?query and #hash, and the path of a page one file serves at many (an order page,
 * /hi/orders/<n> from /hi/orders/view: the part its own listed path does not share with the other
 * language's is swapped). Opened in another language than the remembered one, a page goes to the
 * remembered one's at once. Written minified: every page carries it.
 */
export const LANGUAGE_CHOICE_ATTRIBUTE = 'data-language-choice';
export const LANGUAGE_STORAGE_KEY = 'language';

export const LANGUAGE_CHOICE_SCRIPT = `(()=>{try{let s=localStorage,d=document.documentElement,h=location,g=n=>d.getAttribute(n),c=g("data-language"),m=t=>{let o=g("data-in-"+c),p=h.pathname.replace(/(.)\\/$/,"$1"),n=0;for(;n<o.length&&n<t.length&&o[o.length-1-n]==t[t.length-1-n];)n++;return(p==o?t:t.slice(0,t.length-n)+p.slice(o.length-n))+h.search+h.hash},l=s.getItem("${LANGUAGE_STORAGE_KEY}"),r=c&&l&&l!=c&&g("data-in-"+l);if(r)h.replace(m(r));addEventListener("click",e=>{let a=e.target.closest&&e.target.closest("[${LANGUAGE_CHOICE_ATTRIBUTE}]");if(a){s.setItem("${LANGUAGE_STORAGE_KEY}",a.getAttribute("${LANGUAGE_CHOICE_ATTRIBUTE}"));a.href=m(g("data-in-"+a.getAttribute("${LANGUAGE_CHOICE_ATTRIBUTE}")))}},!0)}catch{}})();`;
