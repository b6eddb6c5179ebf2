// Shared modules are negotiated asynchronously: everything else starts in bootstrap.
import('./bootstrap');
