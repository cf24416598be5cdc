/**
 * The language switch and the remembered language, in the head's first inline script (head-start.ts)
 * so they work before any module arrives. A switch link carries data-language-choice="<code>": its
 * tap remembers the language in this browser and keeps the place (the address's ?query and #hash,
 * such as an order page's number and key). A page written in every language lists itself in each
 * on <html> (data-in-<code>, BaseLayout): opened in another language than the remembered one, it
 * goes to the remembered one's at once. Written minified: every page carries it.
 */
export const LANGUAGE_CHOICE_ATTRIBUTE = 'data-language-choice';
export const LANGUAGE_STORAGE_KEY = 'language';

export const LANGUAGE_CHOICE_SCRIPT = `(()=>{try{let s=localStorage,d=document.documentElement,l=s.getItem("${LANGUAGE_STORAGE_KEY}"),p=l&&d.getAttribute("data-in-"+l),h=location;if(p&&p!=h.pathname.replace(/(.)\\/$/,"$1"))h.replace(p+h.search+h.hash);addEventListener("click",e=>{let a=e.target.closest&&e.target.closest("[${LANGUAGE_CHOICE_ATTRIBUTE}]");if(a){s.setItem("${LANGUAGE_STORAGE_KEY}",a.getAttribute("${LANGUAGE_CHOICE_ATTRIBUTE}"));a.href=a.pathname+h.search+h.hash}},!0)}catch{}})();`;
