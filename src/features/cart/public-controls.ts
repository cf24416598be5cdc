/**
 * The product cart controls before React (static-cart-controls.ts), for the pages that draw
 * CartControl (a product page, product cards): their own start script imports this, so a product or
 * list page loads one script file fewer before the first tap than if CartControl carried its own.
 */
import './static-cart-controls';
