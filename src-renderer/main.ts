import { mount } from 'svelte';
import App from './App.svelte';
import './styles/app.css';

/** Mounts the Trawl UI. */
const app = mount(App, { target: document.getElementById('app')! });

export default app;
